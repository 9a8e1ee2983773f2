/// Why an ``SQLiteStore`` could not open or use its file; every case names the file or folder.
///
/// ``SQLiteStore/init(path:configuration:)`` throws these. The `Store` methods throw
/// `StoreError` instead, as the port asks, and carry the same text in
/// `StoreError.backend(location:reason:)`.
public enum SQLiteStoreError: Error, Equatable, CustomStringConvertible {
    /// The folder that should hold the database does not exist and cannot be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The file or its folder cannot be written (permissions, a read-only file system).
    case readOnlyLocation(path: String)
    /// The file exists but is not an SQLite database.
    case notADatabase(path: String)
    /// The file is an SQLite database whose content is damaged.
    case corrupt(path: String, reason: String)
    /// A newer version of the application changed the file's schema; this one cannot use it.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The disk (or the file system's quota) is full.
    case diskFull(path: String)
    /// Another process held the database locked for longer than the busy timeout.
    case busy(path: String)
    /// There is no database at the path, and the store was opened for a command that only reads
    /// (``SQLiteStore/Configuration/createsIfMissing`` false).
    case noDatabase(path: String)
    /// SQLite did not accept a setting the store relies on, such as `PRAGMA synchronous`.
    case settingRejected(path: String, setting: String, reason: String)
    /// Any other SQLite failure, with its result code and message.
    case sqlite(path: String, code: Int32, message: String)

    /// The file or folder the error is about.
    public var path: String {
        switch self {
        case .cannotCreateFolder(let path, _), .readOnlyLocation(let path), .notADatabase(let path),
            .corrupt(let path, _), .newerSchema(let path, _), .diskFull(let path), .busy(let path),
            .noDatabase(let path),
            .settingRejected(let path, _, _), .sqlite(let path, _, _):
            path
        }
    }

    /// What went wrong and what to do about it, without the path.
    public var reason: String {
        switch self {
        case .cannotCreateFolder(_, let reason):
            "cannot create the folder for the database: \(reason)"
        case .readOnlyLocation:
            "cannot write here (read-only file, folder or file system): choose a writable location"
        case .notADatabase:
            "the file is not an SQLite database: choose another path or move the file away"
        case .corrupt(_, let reason):
            "the database is damaged (\(reason)): restore it from a backup"
        case .newerSchema(_, let unknown):
            "the database was written by a newer version of the application "
                + "(unknown schema migrations: \(unknown.joined(separator: ", "))): update the application"
        case .diskFull:
            "the disk is full: free some space and try again"
        case .busy:
            "another process kept the database locked for longer than the busy timeout"
        case .noDatabase:
            "there is no database here: check the path; the first command that writes creates it"
        case .settingRejected(_, let setting, let reason):
            "SQLite rejected the setting \(setting): \(reason)"
        case .sqlite(_, let code, let message):
            "SQLite error \(code): \(message)"
        }
    }

    public var description: String { "\(path): \(reason)" }
}
