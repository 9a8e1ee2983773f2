public import WordCounter

/// The answer to `GET /api/files`: one page of files sorted by path, how many match on all pages,
/// and the cursor of the next page (`null` on the last).
public struct FilePageObject: Codable, Sendable, Equatable {
    /// The page's files.
    public let files: [FileObject]
    /// How many files match the request's `q` and `state`, on all pages together.
    public let total: Int
    /// The `cursor` that asks for the next page; nil (`null`) on the last page.
    public let next: String?

    /// Maps the application's page.
    public init(_ page: FilePage) {
        files = page.rows.map(FileObject.init)
        total = page.total
        next = page.next.map(FileCursor.string(for:))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(files, forKey: .files)
        try container.encode(total, forKey: .total)
        try container.encode(next, forKey: .next)  // `null` on the last page, not absent
    }
}
