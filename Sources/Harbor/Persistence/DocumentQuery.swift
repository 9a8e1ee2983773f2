/// A backend-independent query: equality filters on indexed fields, an order and a limit.
public struct DocumentQuery: Sendable, Hashable {
    /// One `field == value` condition.
    public struct Filter: Sendable, Hashable {
        /// The indexed field's name.
        public var field: String
        /// The value the field must equal.
        public var value: FieldValue

        /// Creates a filter.
        public init(field: String, value: FieldValue) {
            self.field = field
            self.value = value
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

    /// Creates a query; with no filters it reads the whole collection ordered by identifier.
    public init(collection: String, filters: [Filter] = [], order: [SortKey] = [], limit: Int? = nil) {
        self.collection = collection
        self.filters = filters
        self.order = order
        self.limit = limit
    }
}
