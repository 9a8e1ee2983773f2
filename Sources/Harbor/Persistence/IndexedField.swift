/// A field of an aggregate that stores index and queries filter and sort on.
public struct IndexedField<A>: Sendable {
    /// The field's name in the store.
    public let name: String
    /// True when no two aggregates of the collection may hold the same non-null value; every store
    /// enforces it at commit (``StoreError/duplicateValue(collection:field:value:)``).
    public let isUnique: Bool
    /// The key path it reads, used to match a typed ``Query`` to this field.
    let keyPath: any PartialKeyPath<A> & Sendable
    private let extract: @Sendable (A) -> FieldValue

    /// Indexes the value at `keyPath` under `name`; with `unique`, two aggregates holding the same
    /// non-null value fail the commit that would store the second one.
    public static func field<V: FieldValueConvertible>(
        _ name: String,
        _ keyPath: any KeyPath<A, V> & Sendable,
        unique: Bool = false
    ) -> IndexedField<A> {
        IndexedField(name: name, isUnique: unique, keyPath: keyPath) { $0[keyPath: keyPath].fieldValue }
    }

    private init(
        name: String,
        isUnique: Bool,
        keyPath: any PartialKeyPath<A> & Sendable,
        extract: @escaping @Sendable (A) -> FieldValue
    ) {
        self.name = name
        self.isUnique = isUnique
        self.keyPath = keyPath
        self.extract = extract
    }

    /// The field's value in `aggregate`.
    public func value(of aggregate: A) -> FieldValue { extract(aggregate) }
}
