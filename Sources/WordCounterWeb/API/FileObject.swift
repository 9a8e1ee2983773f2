public import WordCounter

/// One item of `GET /api/files`: the same fields as `wordcounter status --json`.
public struct FileObject: Codable, Sendable, Equatable {
    /// The tracked file's identifier, for `DELETE /api/files/{id}`.
    public let id: String
    /// Where it is (or was last seen).
    public let path: String
    /// Its last count; absent when it has none.
    public let words: Int?
    /// Net words written in it today.
    public let today: Int
    /// `ok`, `missing` or `unreadable`.
    public let status: String
    /// Why it is unreadable.
    public let reason: String?
    /// Its target in words, absent without one.
    public let target: Int?

    /// Maps the application's view model.
    public init(_ row: FileStatusRow) {
        id = row.id
        path = row.path
        words = row.words
        today = row.today
        status = row.status.rawValue
        reason = row.reason
        target = row.target
    }
}
