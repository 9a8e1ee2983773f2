/// A typed query over an aggregate's indexed fields, built from key paths.
///
/// ```swift
/// let todos = persistence.repository(Todo.self)
/// let open = try await todos.query(Query<Todo>().where(\.done, equals: false).sorted(by: \.title).limit(20))
/// ```
public struct Query<A: Aggregate>: Sendable {
    private var filters: [(keyPath: any PartialKeyPath<A> & Sendable, value: FieldValue)] = []
    private var order: [(keyPath: any PartialKeyPath<A> & Sendable, ascending: Bool)] = []
    private var limitCount: Int?

    /// A query that selects every aggregate, ordered by identifier.
    public init() {}

    /// Keeps the aggregates whose field at `keyPath` equals `value`.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, V> & Sendable, equals value: V) -> Self {
        var copy = self
        copy.filters.append((keyPath, value.fieldValue))
        return copy
    }

    /// Orders by the field at `keyPath`; later calls break ties of earlier ones.
    public func sorted<V: FieldValueConvertible>(
        by keyPath: any KeyPath<A, V> & Sendable,
        ascending: Bool = true
    ) -> Self {
        var copy = self
        copy.order.append((keyPath, ascending))
        return copy
    }

    /// Returns at most `count` aggregates.
    public func limit(_ count: Int) -> Self {
        var copy = self
        copy.limitCount = max(0, count)
        return copy
    }

    /// The backend-independent query.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` when a key path is not among `A.indexes`.
    public func documentQuery() throws -> DocumentQuery {
        let indexes = A.indexes
        func name(of keyPath: any PartialKeyPath<A> & Sendable) throws -> String {
            guard let index = indexes.first(where: { $0.keyPath == keyPath as AnyKeyPath }) else {
                throw StoreError.unknownField(collection: A.collection, field: "\(keyPath)")
            }
            return index.name
        }
        return DocumentQuery(
            collection: A.collection,
            filters: try filters.map { .init(field: try name(of: $0.keyPath), value: $0.value) },
            order: try order.map { .init(field: try name(of: $0.keyPath), ascending: $0.ascending) },
            limit: limitCount
        )
    }
}
