/// A typed query over an aggregate's indexed fields, built from key paths.
///
/// ```swift
/// let todos = persistence.repository(Todo.self)
/// let open = try await todos.query(Query<Todo>().where(\.done, equals: false).sorted(by: \.title).limit(20))
/// ```
public struct Query<A: Aggregate>: Sendable {
    private var filters: [(keyPath: any PartialKeyPath<A> & Sendable, condition: DocumentQuery.Condition)] = []
    private var order: [(keyPath: any PartialKeyPath<A> & Sendable, ascending: Bool)] = []
    private(set) var limitCount: Int?
    private var selected: [any PartialKeyPath<A> & Sendable]?

    /// A query that selects every aggregate, ordered by identifier as a string (so integer
    /// identifiers sort as text, 1, 10, 2: sort on an indexed number for numeric order; see
    /// ``Repository/all()``).
    public init() {}

    /// Keeps the aggregates whose field at `keyPath` equals `value`.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, V> & Sendable, equals value: V) -> Self {
        filtered(keyPath, .equals(value.fieldValue))
    }

    /// Keeps the aggregates whose field at `keyPath` satisfies `condition`.
    public func `where`<V: FieldValueConvertible>(
        _ keyPath: any KeyPath<A, V> & Sendable,
        _ condition: DocumentQuery.Condition
    ) -> Self {
        filtered(keyPath, condition)
    }

    /// Keeps the aggregates whose field at `keyPath` is less than `value`.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, V> & Sendable, lessThan value: V) -> Self {
        filtered(keyPath, .lessThan(value.fieldValue))
    }

    /// Keeps the aggregates whose field at `keyPath` is less than or equal to `value`.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, V> & Sendable, atMost value: V) -> Self {
        filtered(keyPath, .lessThanOrEqual(value.fieldValue))
    }

    /// Keeps the aggregates whose field at `keyPath` is greater than `value`.
    public func `where`<V: FieldValueConvertible>(
        _ keyPath: any KeyPath<A, V> & Sendable,
        greaterThan value: V
    ) -> Self {
        filtered(keyPath, .greaterThan(value.fieldValue))
    }

    /// Keeps the aggregates whose field at `keyPath` is greater than or equal to `value`.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, V> & Sendable, atLeast value: V) -> Self {
        filtered(keyPath, .greaterThanOrEqual(value.fieldValue))
    }

    /// Keeps the aggregates whose field at `keyPath` lies in `range`, both bounds included.
    public func `where`<V: FieldValueConvertible & Comparable>(
        _ keyPath: any KeyPath<A, V> & Sendable,
        in range: ClosedRange<V>
    ) -> Self {
        filtered(
            keyPath,
            .between(
                range.lowerBound.fieldValue, includingLower: true, range.upperBound.fieldValue, includingUpper: true))
    }

    /// Keeps the aggregates whose field at `keyPath` lies in `range`, its upper bound excluded.
    public func `where`<V: FieldValueConvertible & Comparable>(
        _ keyPath: any KeyPath<A, V> & Sendable,
        in range: Range<V>
    ) -> Self {
        filtered(
            keyPath,
            .between(
                range.lowerBound.fieldValue, includingLower: true, range.upperBound.fieldValue, includingUpper: false)
        )
    }

    /// Keeps the aggregates whose field at `keyPath` equals one of `values`; none when it is empty.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, V> & Sendable, isIn values: [V]) -> Self {
        filtered(keyPath, .isIn(values.map { $0.fieldValue }))
    }

    /// Keeps the aggregates whose string field at `keyPath` starts with `prefix`, scalar by scalar.
    public func `where`<V: FieldValueConvertible & StringProtocol>(
        _ keyPath: any KeyPath<A, V> & Sendable,
        hasPrefix prefix: String
    ) -> Self {
        filtered(keyPath, .hasPrefix(prefix))
    }

    /// Keeps the aggregates whose multi-valued field at `keyPath` holds `value`.
    public func `where`<V: FieldValueConvertible>(_ keyPath: any KeyPath<A, [V]> & Sendable, contains value: V) -> Self
    {
        filtered(keyPath, .equals(value.fieldValue))
    }

    /// Keeps the aggregates whose multi-valued field at `keyPath` holds any of `values`.
    public func `where`<V: FieldValueConvertible>(
        _ keyPath: any KeyPath<A, [V]> & Sendable,
        containsAnyOf values: [V]
    ) -> Self {
        filtered(keyPath, .isIn(values.map { $0.fieldValue }))
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

    /// Returns at most `count` aggregates; with ``Repository/page(_:after:)`` the size of a page.
    public func limit(_ count: Int) -> Self {
        var copy = self
        copy.limitCount = max(0, count)
        return copy
    }

    /// Needs only the indexed fields at `keyPaths` in ``Repository/indexEntries(_:)`` and
    /// ``Repository/indexEntryPage(_:after:)`` (and those the query sorts by, which a page's token
    /// holds): the entries carry these, and may lack the others, which the store then need not
    /// read. Other reads are unaffected.
    ///
    /// ```swift
    /// let titles = try await todos.indexEntries(Query<Todo>().where(\.done, equals: false).selecting(\.title))
    /// ```
    public func selecting(_ keyPaths: (any PartialKeyPath<A> & Sendable)...) -> Self {
        var copy = self
        copy.selected = (selected ?? []) + keyPaths
        return copy
    }

    /// The backend-independent query.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` when a key path is not among `A.indexes`,
    ///   or ``StoreError/unsortableField(collection:field:)`` when it sorts by a multi-valued field.
    public func documentQuery() throws -> DocumentQuery {
        let indexes = A.indexes
        func index(of keyPath: any PartialKeyPath<A> & Sendable) throws -> IndexedField<A> {
            guard let index = indexes.first(where: { $0.keyPath == keyPath as AnyKeyPath }) else {
                throw StoreError.unknownField(collection: A.collection, field: Self.readableName(of: keyPath))
            }
            return index
        }
        let order = try order.map {
            let index = try index(of: $0.keyPath)
            if index.isMultiValued {
                throw StoreError.unsortableField(collection: A.collection, field: index.name)
            }
            return DocumentQuery.SortKey(field: index.name, ascending: $0.ascending)
        }
        return DocumentQuery(
            collection: A.collection,
            filters: try filters.map { .init(field: try index(of: $0.keyPath).name, $0.condition) },
            order: order,
            limit: limitCount,
            fields: try selected.map { Set(try $0.map { try index(of: $0).name } + order.map { $0.field }) }
        )
    }

    /// How an error names a key path that is not indexed: `\Batch.reference` for a stored property;
    /// for a computed one, whose description is an address, its type and the fields that are
    /// indexed, so the reader can tell which declaration is missing.
    static func readableName(of keyPath: any PartialKeyPath<A> & Sendable) -> String {
        let description = "\(keyPath)"
        if !description.contains("<computed") && !description.contains("0x") { return description }
        let indexed = A.indexes.map { $0.name }
        return "a computed \(type(of: keyPath as AnyKeyPath))"
            + (indexed.isEmpty ? " (nothing is indexed)" : " (indexed: \(indexed.joined(separator: ", ")))")
    }

    private func filtered(_ keyPath: any PartialKeyPath<A> & Sendable, _ condition: DocumentQuery.Condition) -> Self {
        var copy = self
        copy.filters.append((keyPath, condition))
        return copy
    }
}
