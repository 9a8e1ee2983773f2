/// A field of an aggregate that stores index and queries filter and sort on.
public struct IndexedField<A>: Sendable {
    /// The field's name in the store.
    public let name: String
    /// The key path it reads, used to match a typed ``Query`` to this field.
    let keyPath: any PartialKeyPath<A> & Sendable
    private let extract: @Sendable (A) -> FieldValue

    /// Indexes the value at `keyPath` under `name`.
    public static func field<V: FieldValueConvertible>(
        _ name: String,
        _ keyPath: any KeyPath<A, V> & Sendable
    ) -> IndexedField<A> {
        IndexedField(name: name, keyPath: keyPath) { $0[keyPath: keyPath].fieldValue }
    }

    private init(
        name: String,
        keyPath: any PartialKeyPath<A> & Sendable,
        extract: @escaping @Sendable (A) -> FieldValue
    ) {
        self.name = name
        self.keyPath = keyPath
        self.extract = extract
    }

    /// The field's value in `aggregate`.
    public func value(of aggregate: A) -> FieldValue { extract(aggregate) }
}
