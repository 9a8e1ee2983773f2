import Foundation
import Harbor

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// POSIX primitives for the JSON file store. Foundation has no `fsync` of a directory, no `flock`
// and no way to tell "missing" from "unreadable" reliably across platforms, so these call the C
// library directly and turn every failure into a `StoreError.backend` that names the path.
extension JSONFileStore {
    /// A `StoreError.backend` for a failed system call on `path`.
    static func failure(_ action: String, _ path: String, code: Int32 = errno) -> StoreError {
        .backend(location: path, reason: "\(action) failed: \(String(cString: strerror(code))) (errno \(code))")
    }

    /// Whether something exists at `path`; an error other than "missing" counts as existing so
    /// that the operation that follows reports it.
    static func pathExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 || errno != ENOENT
    }

    /// Creates the directory at `path` if it is missing and makes its entry durable.
    static func ensureDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 {
            try syncDirectory((path as NSString).deletingLastPathComponent)
            return
        }
        let code = errno
        var info = stat()
        guard code == EEXIST, stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw failure("creating folder", path, code: code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Creates `path` and its missing parents.
    static func ensureDirectoryTree(_ path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, !pathExists(parent) {
            try ensureDirectoryTree(parent)
        }
        try ensureDirectory(path)
    }

    /// Replaces the contents of `path` with `data`; with `durably`, returns only once it is on disk.
    static func writeFile(_ data: Data, to path: String, durably: Bool = true) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("creating file", path) }
        defer { close(descriptor) }
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("writing", path)
                }
                offset += written
            }
        }
        if durably, fsync(descriptor) != 0 { throw failure("syncing file", path) }
    }

    /// The contents of the file at `path`, or nil when there is none.
    static func readFile(_ path: String) throws -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure("opening file", path)
        }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("reading", path)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    /// Makes the entries of the directory at `path` (creations, renames, removals) durable.
    static func syncDirectory(_ path: String) throws {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("opening folder", path) }
        defer { close(descriptor) }
        // Some file systems refuse fsync on a directory (EINVAL); they offer nothing stronger.
        if fsync(descriptor) != 0, errno != EINVAL { throw failure("syncing folder", path) }
    }

    /// Atomically replaces `destination` with `source`.
    static func moveFile(from source: String, to destination: String) throws {
        if rename(source, destination) != 0 { throw failure("renaming \(source) to", destination) }
    }

    /// Removes the file at `path`; returns false when there was none.
    @discardableResult
    static func deleteFile(_ path: String) throws -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw failure("removing", path)
    }

    /// The names in the directory at `path`, or none when it does not exist.
    static func listDirectory(_ path: String) throws -> [String] {
        guard pathExists(path) else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw StoreError.backend(location: path, reason: "listing folder failed: \(error.localizedDescription)")
        }
    }

    /// Opens (creating it if needed) the file that processes `flock` to take turns; in a folder
    /// this process may only read, opens it for reading (a lock needs no write access).
    /// - Returns: the descriptor, and whether the store can only be read.
    static func openLockFile(_ path: String) throws -> (descriptor: Int32, readOnly: Bool) {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 { return (descriptor, false) }
        let code = errno
        if code == EACCES || code == EROFS || code == EPERM {
            let reading = open(path, O_RDONLY | O_CLOEXEC)
            if reading >= 0 { return (reading, true) }
        }
        throw failure("opening lock file", path, code: code)
    }

    /// Takes the shared or exclusive `flock` on `descriptor`, waiting for other processes at
    /// most `timeout`, as SQLite's busy timeout does.
    /// - Throws: `StoreError.backend(location:reason:)` naming the lock file when another
    ///   process holds it longer than `timeout`.
    static func lockFile(_ descriptor: Int32, exclusive: Bool, path: String, timeout: Duration) throws {
        let deadline = ContinuousClock.now + timeout
        var pause: UInt32 = 1_000
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else { throw failure("locking", path, code: code) }
            guard ContinuousClock.now < deadline else {
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw StoreError.backend(
                    location: path,
                    reason: "another process has held the store's lock for more than \(seconds) s; "
                        + "wait for it to finish, or stop it if it is stuck")
            }
            // Polling a lock another process holds: flock has no timed wait.
            usleep(pause)
            pause = min(pause * 2, 50_000)
        }
    }

    /// Closes the lock file, which also releases its `flock`.
    static func closeLockFile(_ descriptor: Int32) {
        _ = close(descriptor)
    }

    /// Releases the `flock` on `descriptor`.
    static func unlockFile(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
    }
}
