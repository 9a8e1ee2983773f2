/// What a store needs to know about a collection before it is used: its name and indexed fields.
public struct CollectionSchema: Sendable, Hashable {
    /// The collection's name.
    public var name: String
    /// The fields queries may filter and sort on; a store may index them.
    public var indexedFields: [String]
    /// The indexed fields whose non-null values no two documents may share; the store enforces
    /// them at every commit, and a field once unique stays unique. A field that is also
    /// multi-valued is unique value by value: no two documents may share any of its values.
    public var uniqueFields: [String]
    /// The indexed fields that hold several values each (a ``FieldValue/list(_:)``); a subset of
    /// ``indexedFields``, found by any of their values and never sorted on.
    public var multiValuedFields: [String]
    /// The indexed fields the store keeps no lookup index for (``IndexedField/hasLookupIndex``):
    /// they filter and sort by scanning. A store applies it when it adds the field; a field added
    /// earlier with a lookup index keeps it. Never a unique or multi-valued field.
    public var fieldsWithoutLookup: [String]

    /// Creates a schema; every unique, multi-valued and lookup-less field must also be among
    /// `indexedFields`.
    public init(
        name: String, indexedFields: [String], uniqueFields: [String] = [], multiValuedFields: [String] = [],
        fieldsWithoutLookup: [String] = []
    ) {
        self.name = name
        self.indexedFields = indexedFields
        self.uniqueFields = uniqueFields
        self.multiValuedFields = multiValuedFields
        self.fieldsWithoutLookup = fieldsWithoutLookup.filter {
            !uniqueFields.contains($0) && !multiValuedFields.contains($0)
        }
    }
}
