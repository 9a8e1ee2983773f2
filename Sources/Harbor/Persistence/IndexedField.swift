/// A field of an aggregate that stores index and queries filter and sort on.
public struct IndexedField<A>: Sendable {
    /// The field's name in the store.
    public let name: String
    /// True when no two aggregates of the collection may hold the same non-null value; every store
    /// enforces it at commit (``StoreError/duplicateValue(collection:field:value:)``).
    public let isUnique: Bool
    /// Whether the field holds several values, each of which finds the aggregate.
    public let isMultiValued: Bool
    /// Whether a store keeps a lookup index for the field (a B-tree in SQL stores). Without one the
    /// field is still in every index entry and still filters and sorts, by scanning: worth it for
    /// fields read from ``IndexEntry``s but rarely filtered on, since every write of a document
    /// updates each of its lookup indexes.
    public let hasLookupIndex: Bool
    /// The key path it reads, used to match a typed ``Query`` to this field.
    let keyPath: any PartialKeyPath<A> & Sendable
    private let extract: @Sendable (A) -> FieldValue

    /// Indexes the value at `keyPath` under `name`; with `unique`, two aggregates holding the same
    /// non-null value fail the commit that would store the second one; with `lookup` false, the
    /// store keeps no lookup index for it (``hasLookupIndex``).
    public static func field<V: FieldValueConvertible>(
        _ name: String,
        _ keyPath: any KeyPath<A, V> & Sendable,
        unique: Bool = false,
        lookup: Bool = true
    ) -> IndexedField<A> {
        IndexedField(
            name: name, isUnique: unique, isMultiValued: false, hasLookupIndex: lookup || unique, keyPath: keyPath
        ) {
            $0[keyPath: keyPath].fieldValue
        }
    }

    /// Indexes each value of the array at `keyPath` under `name`: a filter on the field matches the
    /// aggregate when any of the values matches; sorting by it is an error. With `unique`, no two
    /// aggregates may hold one non-null value among their values (an aggregate may repeat its own):
    /// the commit that would store the second fails with
    /// ``StoreError/duplicateValue(collection:field:value:)`` naming that value.
    public static func values<V: FieldValueConvertible>(
        _ name: String,
        _ keyPath: any KeyPath<A, [V]> & Sendable,
        unique: Bool = false
    ) -> IndexedField<A> {
        IndexedField(name: name, isUnique: unique, isMultiValued: true, hasLookupIndex: true, keyPath: keyPath) {
            .list($0[keyPath: keyPath].map { $0.fieldValue })
        }
    }

    private init(
        name: String,
        isUnique: Bool,
        isMultiValued: Bool,
        hasLookupIndex: Bool,
        keyPath: any PartialKeyPath<A> & Sendable,
        extract: @escaping @Sendable (A) -> FieldValue
    ) {
        self.name = name
        self.isUnique = isUnique
        self.isMultiValued = isMultiValued
        self.hasLookupIndex = hasLookupIndex
        self.keyPath = keyPath
        self.extract = extract
    }

    /// The field's value in `aggregate`.
    public func value(of aggregate: A) -> FieldValue { extract(aggregate) }
}
