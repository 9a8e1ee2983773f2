/// Where a document lives in a store: its collection and its identifier there.
///
/// Keys are equal only when their Unicode scalars are: a precomposed "CAFÉ" (U+00C9) and a
/// decomposed one (E + U+0301) are two keys, as they are two file names on Linux, although Swift's
/// `String ==` calls them equal.
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

    public static func == (lhs: DocumentKey, rhs: DocumentKey) -> Bool {
        lhs.id.utf8.elementsEqual(rhs.id.utf8) && lhs.collection.utf8.elementsEqual(rhs.collection.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        var collection = collection
        var id = id
        hasher.combine(collection.utf8.count)
        collection.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        id.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
