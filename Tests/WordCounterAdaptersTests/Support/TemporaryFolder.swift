import Foundation
import Glibc

/// A fresh folder under the system's temporary folder, deleted with everything in it afterwards.
struct TemporaryFolder {
    /// Its absolute path, without a trailing slash.
    let path: String

    /// Runs `body` with a new folder and removes the folder when it returns or throws.
    @discardableResult
    static func with<Result>(_ body: (TemporaryFolder) throws -> Result) throws -> Result {
        var template = Array("\(NSTemporaryDirectory())/wordcounter-tests-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXFailure(call: "mkdtemp", code: errno) }
        let folder = TemporaryFolder(path: URL(fileURLWithPath: String(cString: created)).standardizedFileURL.path)
        defer {
            // Give permissions back first, or folders a test made unreadable could not be removed.
            _ = try? FileManager.default.subpathsOfDirectory(atPath: folder.path).forEach {
                chmod(folder.path + "/" + $0, 0o755)
            }
            try? FileManager.default.removeItem(atPath: folder.path)
        }
        return try body(folder)
    }

    /// The absolute path of `relativePath` inside the folder.
    func callAsFunction(_ relativePath: String) -> String {
        path + "/" + relativePath
    }

    /// Writes `contents` to `relativePath` in place (creating folders on the way) and returns its path.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        try write(relativePath, bytes: Array(contents.utf8))
    }

    /// Writes `bytes` to `relativePath` in place (creating folders on the way) and returns its path.
    @discardableResult
    func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let file = self(relativePath)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // open(2) with O_TRUNC keeps the inode, as `>` in a shell does; Data.write would replace it.
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXFailure(call: "open", code: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { throw POSIXFailure(call: "write", code: errno) }
            written += result
        }
        return file
    }

    /// Creates the folder `relativePath` and those above it.
    func createFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: self(relativePath), withIntermediateDirectories: true)
    }
}

/// A system call that failed while a test prepared its files.
struct POSIXFailure: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// Fails with the call's name and errno unless `result` is 0.
func check(_ result: Int32, _ call: String) throws {
    guard result == 0 else { throw POSIXFailure(call: call, code: errno) }
}

extension TemporaryFolder {
    /// Runs async `body` with a new folder and removes the folder when it returns or throws.
    @discardableResult
    static func with<Result>(_ body: (TemporaryFolder) async throws -> Result) async throws -> Result {
        var template = Array("\(NSTemporaryDirectory())/wordcounter-tests-XXXXXX".utf8CString)
        guard let created = mkdtemp(&template) else { throw POSIXFailure(call: "mkdtemp", code: errno) }
        let folder = TemporaryFolder(path: URL(fileURLWithPath: String(cString: created)).standardizedFileURL.path)
        defer { try? FileManager.default.removeItem(atPath: folder.path) }
        return try await body(folder)
    }

    /// Renames `from` to `to`, both relative to the folder, as `mv` does (keeping the inode).
    func rename(_ from: String, to: String) throws {
        try check(Glibc.rename(self(from), self(to)), "rename")
    }

    /// Deletes the file at `relativePath`.
    func remove(_ relativePath: String) throws {
        try check(unlink(self(relativePath)), "unlink")
    }
}
