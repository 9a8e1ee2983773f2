/// One file's writing on one day, as `wordcounter export` writes it.
public struct ExportRow: Sendable, Equatable, Codable {
    /// The day.
    public let date: Day
    /// The file's current path; for a file no longer tracked, its path that day.
    public let path: String
    /// Net words that day.
    public let words: Int
    /// Gross words that day.
    public let added: Int
    /// The file's count at the end of the day.
    public let total: Int
}
