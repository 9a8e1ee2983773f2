import CStatx
import Dispatch
import Glibc
import Synchronization
import WordCounter

/// Reads a folder tree for ``LocalFileSystem/listing(of:matching:recursive:)``, its subfolders on
/// several threads at once.
///
/// Listing is mostly the kernel's work (a `statx` per file, a `getdents` per folder), so on a
/// machine with several cores the folders are shared out among up to four threads: each takes the
/// next folder waiting, reads it, and puts the subfolders it found in the queue for any of them.
/// What each thread found is merged at the end; the order of the statuses is therefore not the
/// order of the folders on disk (``FolderListing/files`` is sorted whatever it is).
struct FolderWalk: Sendable {
    /// The listed folder's path, without a trailing `/` (empty for `/` itself).
    let base: String
    let filter: FileFilter
    let recursive: Bool

    /// What reading folders found.
    struct Found: Sendable {
        /// The accepted files and what `statx` said of them.
        var statuses: [FileStatus] = []
        /// Accepted files that vanished or changed kind between `readdir` and `statx`.
        var unstatted: [String] = []
        /// Subfolders that could not be opened.
        var unreadable: [FolderListing.Skipped] = []
        /// Subfolders to read next, relative to ``FolderWalk/base``.
        var subfolders: [String] = []

        mutating func take(_ other: consuming Found) {
            statuses.append(contentsOf: other.statuses)
            unstatted.append(contentsOf: other.unstatted)
            unreadable.append(contentsOf: other.unreadable)
        }
    }

    /// The folder queue the threads share.
    private struct Queue {
        var waiting: [String]
        /// Threads reading a folder now: the walk is over when none is and nothing waits.
        var busy = 0
        var finished = false
    }

    /// Everything below `base`, starting from its own entries `top` (read by the caller, which
    /// must know whether `base` itself can be opened).
    func walk(from top: consuming Found) -> Found {
        var found = top
        let subfolders = found.subfolders
        found.subfolders = []
        let threads = min(Self.threadCount, subfolders.count)
        if threads <= 1 {
            var waiting = subfolders
            while let folder = waiting.popLast() {
                waiting += self.read(folder, into: &found)
            }
            return found
        }
        let queue = Mutex(Queue(waiting: subfolders))
        // One signal per folder waiting, and one more when the walk is over (passed on by each
        // thread that wakes to it), so a thread sleeps only while there is nothing to take.
        // Created at 0 and raised after: libdispatch traps when a semaphore is released below the
        // value it was created with, and this one ends at 1.
        let ready = DispatchSemaphore(value: 0)
        for _ in subfolders { ready.signal() }
        let parts = Mutex<[Found]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            var mine = Found()
            while true {
                ready.wait()
                let folder = queue.withLock { queue -> String? in
                    guard !queue.finished, let folder = queue.waiting.popLast() else { return nil }
                    queue.busy += 1
                    return folder
                }
                guard let folder else {
                    ready.signal()
                    break
                }
                // Appended where they end up: a folder's statuses are not copied from one array to another.
                let more = self.read(folder, into: &mine)
                let over = queue.withLock { queue -> Bool in
                    queue.waiting += more
                    queue.busy -= 1
                    queue.finished = queue.waiting.isEmpty && queue.busy == 0
                    return queue.finished
                }
                for _ in 0..<more.count { ready.signal() }
                if over { ready.signal() }
            }
            parts.withLock { $0.append(mine) }
        }
        // The largest part is kept and the others appended to it, so that for 50,000 files one
        // copy of the statuses is made of half of them, not of all.
        var taken = parts.withLock { parts in
            defer { parts = [] }
            return parts
        }
        taken.append(found)
        let largest = taken.indices.max { taken[$0].statuses.count < taken[$1].statuses.count } ?? 0
        var merged = taken.remove(at: largest)
        for part in taken { merged.take(part) }
        return merged
    }

    /// Threads that list at once: the cores, at most four (beyond that the disk is the limit).
    private static var threadCount: Int {
        max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))))
    }

    /// One folder's entries, `relativeFolder` being relative to ``base`` ("" for `base` itself).
    /// - Throws: what opening the folder failed with.
    func readThrowing(_ relativeFolder: String) throws(FileProblem) -> Found {
        var found = Found()
        let subfolders = try readThrowing(relativeFolder, into: &found)
        found.subfolders = subfolders
        return found
    }

    /// Adds one folder's files to `found` and returns its subfolders.
    /// - Throws: what opening the folder failed with (and adds nothing).
    private func readThrowing(_ relativeFolder: String, into found: inout Found) throws(FileProblem) -> [String] {
        let absoluteFolder = relativeFolder.isEmpty ? base : base + "/" + relativeFolder
        guard let directory = PathBytes.withCString(absoluteFolder.isEmpty ? "/" : absoluteFolder, { opendir($0) })
        else { throw FileProblem(errno: errno) }
        defer { closedir(directory) }
        var subfolders: [String] = []
        // Each file's path is this prefix and its name: one string built per file.
        let prefix = absoluteFolder + "/"
        let byName = filter.decidesByName
        while let entry = readdir(directory) {
            guard let name = LocalFileSystem.visibleName(of: entry) else { continue }
            // A name the filter refuses costs no path (unless it may be a folder to read).
            if byName && Self.isRegularEntry(entry) && !filter.accepts(name: Substring(name)) { continue }
            let absolutePath = prefix + name
            switch Self.kind(of: entry, at: absolutePath) {
            case .regular:
                if !byName {
                    let relativePath = relativeFolder.isEmpty ? name : relativeFolder + "/" + name
                    guard filter.accepts(relativePath: relativePath) else { continue }
                } else if !Self.isRegularEntry(entry) && !filter.accepts(name: Substring(name)) {
                    continue  // a symbolic link or an entry of unknown type, found to be a file
                }
                if let status = Self.status(of: entry, in: directory, at: absolutePath) {
                    found.statuses.append(status)
                } else {
                    found.unstatted.append(absolutePath)
                }
            case .directory:
                if recursive { subfolders.append(relativeFolder.isEmpty ? name : relativeFolder + "/" + name) }
            case .other:
                continue
            }
        }
        return subfolders
    }

    /// Adds one subfolder's files to `found` and returns its subfolders; a subfolder that cannot be
    /// opened is reported in `found` (one gone since it was seen is nothing to report).
    private func read(_ relativeFolder: String, into found: inout Found) -> [String] {
        do {
            return try readThrowing(relativeFolder, into: &found)
        } catch {
            if error != .notFound { found.unreadable.append(.init(path: base + "/" + relativeFolder, problem: error)) }
            return []
        }
    }

    /// The status of a listed entry, following a symbolic link, read relative to the open folder
    /// (one name to look up, not the whole path); nil when it vanished or is no regular file now.
    private static func status(
        of entry: UnsafeMutablePointer<dirent>, in directory: OpaquePointer, at path: String
    ) -> FileStatus? {
        let raw = withUnsafePointer(to: &entry.pointee.d_name) { tuple in
            tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                cstatx_at(dirfd(directory), name, 1)
            }
        }
        return raw.isRegularFile ? FileStatus(path: path, raw) : nil
    }

    /// Whether the entry says it is a regular file (not a link, a folder or of unknown type).
    private static func isRegularEntry(_ entry: UnsafeMutablePointer<dirent>) -> Bool {
        Int32(entry.pointee.d_type) == Int32(DT_REG)
    }

    /// What a directory entry is, as far as listing cares.
    private enum EntryKind {
        case regular, directory, other
    }

    /// The entry's kind from its `d_type`; symbolic links are followed to files only, never to folders.
    private static func kind(of entry: UnsafeMutablePointer<dirent>, at path: String) -> EntryKind {
        switch Int32(entry.pointee.d_type) {
        case Int32(DT_REG): return .regular
        case Int32(DT_DIR): return .directory
        case Int32(DT_LNK):
            return PathBytes.withCString(path) { cstatx_path($0, 1) }.isRegularFile ? .regular : .other
        case Int32(DT_UNKNOWN):
            // Some file systems (older XFS, some network ones) do not fill d_type.
            let raw = PathBytes.withCString(path) { cstatx_path($0, 0) }
            if raw.error != 0 { return .other }
            if raw.kind == CSTATX_KIND_DIRECTORY { return .directory }
            if raw.kind == CSTATX_KIND_SYMLINK {
                return PathBytes.withCString(path) { cstatx_path($0, 1) }.isRegularFile ? .regular : .other
            }
            return raw.isRegularFile ? .regular : .other
        default:
            return .other
        }
    }
}

extension cstatx_status {
    /// Whether the call succeeded and found a regular file.
    fileprivate var isRegularFile: Bool { error == 0 && kind == CSTATX_KIND_REGULAR }
}
