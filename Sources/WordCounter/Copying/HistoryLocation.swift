/// Where a history is kept, as a person names it: a SQLite file's path or a PostgreSQL server's
/// URL. A plain value, so ``CopyHistory`` is one too; the composition root's ``HistoryStores``
/// opens the store behind it.
public struct HistoryLocation: Hashable, Sendable, CustomStringConvertible {
    /// The path or URL, as given.
    public let address: String

    /// A location named by `address`.
    public init(_ address: String) {
        self.address = address
    }

    public var description: String { address }
}
