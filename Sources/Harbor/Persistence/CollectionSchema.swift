/// What a store needs to know about a collection before it is used: its name and indexed fields.
public struct CollectionSchema: Sendable, Hashable {
    /// The collection's name.
    public var name: String
    /// The fields queries may filter and sort on; a store may index them.
    public var indexedFields: [String]
    /// The indexed fields whose non-null values no two documents may share; the store enforces
    /// them at every commit, and a field once unique stays unique.
    public var uniqueFields: [String]

    /// Creates a schema; every unique field must also be among `indexedFields`.
    public init(name: String, indexedFields: [String], uniqueFields: [String] = []) {
        self.name = name
        self.indexedFields = indexedFields
        self.uniqueFields = uniqueFields
    }
}
