import Foundation
import GRDB
import Harbor

extension SQLiteStoreError {
    /// Turns an error of GRDB or SQLite about the file at `path` into the case a user can act on.
    static func classify(_ error: any Error, path: String) -> SQLiteStoreError {
        if let error = error as? SQLiteStoreError { return error }
        guard let error = error as? DatabaseError else {
            return .sqlite(path: path, code: -1, message: "\(error)")
        }
        let message = error.message ?? "no message"
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notADatabase(path: path)
        case .SQLITE_CORRUPT:
            return .corrupt(path: path, reason: message)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path)
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH:
            return .readOnlyLocation(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_IOERR:
            // SQLite does not say why it could not open or write; find out whether the place is writable.
            if isReadOnlyLocation(path) { return .readOnlyLocation(path: path) }
            // A full disk often surfaces as an I/O error (sizing the shared-memory file fails).
            if isFull(path) { return .diskFull(path: path) }
            return .sqlite(path: path, code: error.extendedResultCode.rawValue, message: message)
        default:
            return .sqlite(path: path, code: error.extendedResultCode.rawValue, message: message)
        }
    }

    /// The same failure as the port reports it.
    /// The port's error: a database another process keeps locked is unavailable for now (nothing
    /// was written; a retry, or a watcher's next try, goes through once the lock is released), the
    /// rest a backend failure naming the file.
    var storeError: StoreError {
        if case .busy = self { return .unavailable(location: path, reason: reason) }
        return .backend(location: path, reason: reason)
    }

    /// Whether the file system that holds (or would hold) the file has less than 1 MiB free for
    /// this user: too little for SQLite's journal and shared memory.
    static func isFull(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        var stats = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &stats) == 0 else { return false }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize) < 1 << 20
    }

    /// Whether the file, or the folder that must hold it and its `-wal` and `-shm` companions,
    /// refuses writes. Asks the file system rather than the permission bits, which do not apply
    /// to root or to read-only mounts.
    static func isReadOnlyLocation(_ path: String) -> Bool {
        let refused: Set<Int32> = [EACCES, EPERM, EROFS]
        if FileManager.default.fileExists(atPath: path) {
            let descriptor = open(path, O_RDWR)
            if descriptor < 0 { return refused.contains(errno) }
            close(descriptor)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let probe = (folder.isEmpty ? "." : folder) + "/.harbor-write-check-\(getpid())"
        let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        if descriptor < 0 { return refused.contains(errno) }
        close(descriptor)
        unlink(probe)
        return false
    }
}
