/// A backend-independent query: conditions on indexed fields, an order, a limit and a cursor.
public struct DocumentQuery: Sendable, Hashable {
    /// One condition on an indexed field.
    public struct Filter: Sendable, Hashable {
        /// The indexed field's name.
        public var field: String
        /// What the field's value must satisfy.
        public var condition: Condition

        /// Creates a filter with any condition.
        public init(field: String, _ condition: Condition) {
            self.field = field
            self.condition = condition
        }

        /// Creates a `field == value` filter.
        public init(field: String, value: FieldValue) {
            self.init(field: field, .equals(value))
        }
    }

    /// One sort key.
    public struct SortKey: Sendable, Hashable {
        /// The indexed field's name.
        public var field: String
        /// Ascending when true.
        public var ascending: Bool

        /// Creates a sort key.
        public init(field: String, ascending: Bool = true) {
            self.field = field
            self.ascending = ascending
        }
    }

    /// The collection to read.
    public var collection: String
    /// All must hold.
    public var filters: [Filter]
    /// Sort keys in priority order; documents that tie are ordered by identifier.
    public var order: [SortKey]
    /// The most documents to return.
    public var limit: Int?
    /// When set, only documents that sort strictly after this position under ``order`` are read.
    public var after: Position?
    /// When set, the indexed fields an index entry needs to carry (``DocumentStore/indexEntries(matching:)``):
    /// a store may leave the others out, or not. Nil: every indexed field.
    ///
    /// Reading 50,000 entries for four of their eight fields, PostgreSQL steps over the other four
    /// in each entry's field blob instead of building their strings (SQLite builds no field's
    /// value until it is read).
    public var fields: Set<String>?

    /// Creates a query; with no filters it reads the whole collection ordered by identifier.
    public init(
        collection: String,
        filters: [Filter] = [],
        order: [SortKey] = [],
        limit: Int? = nil,
        after: Position? = nil,
        fields: Set<String>? = nil
    ) {
        self.collection = collection
        self.filters = filters
        self.order = order
        self.limit = limit
        self.after = after
        self.fields = fields
    }

    /// The names of the fields the query filters or sorts on.
    public var fieldNames: [String] { filters.map(\.field) + order.map(\.field) }
}
