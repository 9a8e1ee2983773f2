/// Where a document lives in a store: its collection and its identifier there.
public struct DocumentKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The collection, such as `boxes`.
    public var collection: String
    /// The document's identifier inside its collection.
    public var id: String

    /// Creates a key.
    public init(collection: String, id: String) {
        self.collection = collection
        self.id = id
    }

    public var description: String { "\(collection)/\(id)" }
}
