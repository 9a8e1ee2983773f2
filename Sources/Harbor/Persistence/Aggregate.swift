/// An entity a repository keeps: `Codable`, `Sendable`, identified, and stored in one collection.
///
/// ```swift
/// struct Box: Aggregate {
///     static let collection = "boxes"
///     static let indexes: [IndexedField<Box>] = [.field("title", \.title)]
///     let id: String
///     var title: String
/// }
/// ```
///
/// The identifier's `description` is the document's identifier in the store: `String`, `Int`
/// and `UUID` (its uppercase form) work as they are; a type of your own must describe each
/// value by a unique and stable string. Identifiers sort as these strings (see
/// ``Repository/all()``).
public protocol Aggregate: Codable, Sendable, Identifiable where ID: CustomStringConvertible & Sendable {
    /// The collection the aggregate's documents live in; stable across renames of the type.
    static var collection: String { get }
    /// The fields queries may filter and sort on.
    static var indexes: [IndexedField<Self>] { get }
    /// Events the aggregate raised while it changed; saving it through a unit of work records
    /// them. Declare `var events = RaisedEvents()` to raise some; none by default.
    var events: RaisedEvents { get }
}

extension Aggregate {
    /// No indexed fields: the aggregate is found by identifier only.
    public static var indexes: [IndexedField<Self>] { [] }

    /// No events: the aggregate raises none.
    public var events: RaisedEvents { RaisedEvents() }

    /// The schema a store prepares for this aggregate.
    public static var schema: CollectionSchema {
        // Closures, not key paths: a key path into a generic type is built anew at every call.
        let indexes = indexes
        return CollectionSchema(
            name: collection, indexedFields: indexes.map { $0.name },
            uniqueFields: indexes.filter { $0.isUnique }.map { $0.name },
            multiValuedFields: indexes.filter { $0.isMultiValued }.map { $0.name },
            fieldsWithoutLookup: indexes.filter { !$0.hasLookupIndex }.map { $0.name })
    }

    /// Where this aggregate lives in a store.
    public var documentKey: DocumentKey { DocumentKey(collection: Self.collection, id: String(describing: id)) }

    /// The values of the indexed fields.
    public var indexedFieldValues: [String: FieldValue] {
        var fields: [String: FieldValue] = [:]
        for index in Self.indexes { fields[index.name] = index.value(of: self) }
        return fields
    }
}
