/// A field of an aggregate that stores index and queries filter and sort on.
public struct IndexedField<A>: Sendable {
    /// The field's name in the store.
    public let name: String
    /// Whether the field holds several values, each of which finds the aggregate.
    public let isMultiValued: Bool
    /// The key path it reads, used to match a typed ``Query`` to this field.
    let keyPath: any PartialKeyPath<A> & Sendable
    private let extract: @Sendable (A) -> FieldValue

    /// Indexes the value at `keyPath` under `name`.
    public static func field<V: FieldValueConvertible>(
        _ name: String,
        _ keyPath: any KeyPath<A, V> & Sendable
    ) -> IndexedField<A> {
        IndexedField(name: name, isMultiValued: false, keyPath: keyPath) { $0[keyPath: keyPath].fieldValue }
    }

    /// Indexes each value of the array at `keyPath` under `name`: a filter on the field matches the
    /// aggregate when any of the values matches; sorting by it is an error.
    public static func values<V: FieldValueConvertible>(
        _ name: String,
        _ keyPath: any KeyPath<A, [V]> & Sendable
    ) -> IndexedField<A> {
        IndexedField(name: name, isMultiValued: true, keyPath: keyPath) {
            .list($0[keyPath: keyPath].map(\.fieldValue))
        }
    }

    private init(
        name: String,
        isMultiValued: Bool,
        keyPath: any PartialKeyPath<A> & Sendable,
        extract: @escaping @Sendable (A) -> FieldValue
    ) {
        self.name = name
        self.isMultiValued = isMultiValued
        self.keyPath = keyPath
        self.extract = extract
    }

    /// The field's value in `aggregate`.
    public func value(of aggregate: A) -> FieldValue { extract(aggregate) }
}
