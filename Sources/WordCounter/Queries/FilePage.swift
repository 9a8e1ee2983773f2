/// One page of the tracked files: what ``ShowFilePage`` answers.
public struct FilePage: Sendable, Equatable {
    /// The page's files, sorted by path (as ``ShowStatus`` lists them).
    public var rows: [FileStatusRow]
    /// How many files match the query on all pages together.
    public var total: Int
    /// Where the next page starts; nil on the last page.
    public var next: FilePosition?

    /// Creates a page.
    public init(rows: [FileStatusRow], total: Int, next: FilePosition?) {
        self.rows = rows
        self.total = total
        self.next = next
    }
}
