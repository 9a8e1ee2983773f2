import Foundation
import HarborSQLite

/// The real reason a SQLite database could not be created where SQLite reported a full disk.
///
/// SQLite reports `SQLITE_FULL` for more than a full disk: a folder of a virtual file system
/// (`/proc`, `/sys`) refuses a new file with `ENOENT`, and SQLite takes the failed write of its
/// journal for a lack of space. Told "the disk is full", a writer frees space in vain. So when
/// opening fails that way, the folder is asked directly (creating the file, then removing it
/// again if it was not there): the error the system gives then is what the writer reads.
struct DatabaseFileProblem: Error, CustomStringConvertible {
    /// The database file.
    let path: String
    /// Why it cannot be created or written, and what to do.
    let reason: String

    var description: String { "\(path): \(reason)" }

    /// The error to show for `error`, thrown opening the SQLite file at `path`: `error` itself
    /// unless it says the disk is full while the disk is not what failed.
    static func explaining(_ error: any Error, path: String) -> any Error {
        guard case .diskFull = error as? SQLiteStoreError, let reason = realReason(path: path) else { return error }
        return DatabaseFileProblem(path: path, reason: reason)
    }

    /// Why a file cannot be made at `path`, or nil when the file system says the disk is full
    /// (or nothing is wrong with creating it).
    private static func realReason(path: String) -> String? {
        let existed = FileManager.default.fileExists(atPath: path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        let code = errno
        if descriptor >= 0 {
            close(descriptor)
            if !existed { unlink(path) }
        }
        let folder = (path as NSString).deletingLastPathComponent
        var stats = statvfs()
        let virtual = statvfs(folder.isEmpty ? "." : folder, &stats) == 0 && stats.f_blocks == 0
        let advice =
            virtual
            ? "\(folder) is on a virtual file system (such as /proc or /sys) that holds no database: choose another location"
            : "choose another location"
        if descriptor < 0, code != ENOSPC, code != EDQUOT {
            return
                "cannot create the database file: \(String(cString: strerror(code)).lowercased()) (the disk is not full); "
                + advice
        }
        return virtual ? "cannot store a database here: " + advice : nil
    }
}
