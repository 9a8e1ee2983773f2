/// One page of a query's index entries and the token that reads the next page.
public struct IndexEntryPage: Sendable {
    /// The entries of this page, in the query's order.
    public var entries: [IndexEntry]
    /// The token for ``Repository/indexEntryPage(_:after:)`` that reads the next page; nil on the
    /// last page.
    public var next: PageToken?

    /// Creates a page.
    public init(entries: [IndexEntry], next: PageToken?) {
        self.entries = entries
        self.next = next
    }
}
