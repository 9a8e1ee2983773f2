/// One page of a query's aggregates and the token that reads the next page.
public struct Page<A: Aggregate>: Sendable {
    /// The aggregates of this page, in the query's order.
    public var items: [A]
    /// The token for ``Repository/page(_:after:)`` that reads the next page; nil on the last page.
    public var next: PageToken?

    /// Creates a page.
    public init(items: [A], next: PageToken?) {
        self.items = items
        self.next = next
    }
}
