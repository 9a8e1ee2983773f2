import Harbor

/// A ``DocumentQuery`` on the wire: filters with a named operator, sort keys, limit and cursor.
///
/// `{"collection": "items", "filters": [{"field": "rank", "op": "between", "values": [{"int": 1},
/// {"int": 9}], "includingLower": true, "includingUpper": false}], "order": [{"field": "rank",
/// "ascending": true}], "limit": 10, "after": {"values": [{"int": 4}], "id": "d"}}`
struct QueryObject: Codable, Sendable {
    /// One filter: `op` is `equals`, `lessThan`, `lessThanOrEqual`, `greaterThan`,
    /// `greaterThanOrEqual`, `between` (two values and the two flags), `in` or `prefix`.
    struct FilterObject: Codable, Sendable {
        var field: String
        var op: String
        var values: [FieldValue]?
        var prefix: String?
        var includingLower: Bool?
        var includingUpper: Bool?
    }

    struct SortKeyObject: Codable, Sendable {
        var field: String
        var ascending: Bool
    }

    struct PositionObject: Codable, Sendable {
        var values: [FieldValue]
        var id: String
    }

    var collection: String
    var filters: [FilterObject]
    var order: [SortKeyObject]
    var limit: Int?
    var after: PositionObject?

    init(_ query: DocumentQuery) {
        collection = query.collection
        filters = query.filters.map(FilterObject.init)
        order = query.order.map { SortKeyObject(field: $0.field, ascending: $0.ascending) }
        limit = query.limit
        after = query.after.map { PositionObject(values: $0.values, id: $0.id) }
    }

    /// The query.
    /// - Throws: ``WireFormatError`` for an unknown operator or one without its operands.
    func query() throws(WireFormatError) -> DocumentQuery {
        var filters: [DocumentQuery.Filter] = []
        for filter in self.filters {
            filters.append(DocumentQuery.Filter(field: filter.field, try filter.condition()))
        }
        return DocumentQuery(
            collection: collection, filters: filters,
            order: order.map { DocumentQuery.SortKey(field: $0.field, ascending: $0.ascending) }, limit: limit,
            after: after.map { DocumentQuery.Position(values: $0.values, id: $0.id) })
    }
}

extension QueryObject.FilterObject {
    init(_ filter: DocumentQuery.Filter) {
        field = filter.field
        func one(_ op: String, _ value: FieldValue) -> (String, [FieldValue]) { (op, [value]) }
        switch filter.condition {
        case .equals(let value): (op, values) = one("equals", value)
        case .lessThan(let value): (op, values) = one("lessThan", value)
        case .lessThanOrEqual(let value): (op, values) = one("lessThanOrEqual", value)
        case .greaterThan(let value): (op, values) = one("greaterThan", value)
        case .greaterThanOrEqual(let value): (op, values) = one("greaterThanOrEqual", value)
        case .between(let lower, let includingLower, let upper, let includingUpper):
            op = "between"
            values = [lower, upper]
            self.includingLower = includingLower
            self.includingUpper = includingUpper
        case .isIn(let list):
            op = "in"
            values = list
        case .hasPrefix(let text):
            op = "prefix"
            prefix = text
        }
    }

    func condition() throws(WireFormatError) -> DocumentQuery.Condition {
        let operands = values ?? []
        func single() throws(WireFormatError) -> FieldValue {
            guard operands.count == 1, let value = operands.first else {
                throw WireFormatError("filter on '\(field)': '\(op)' takes exactly one value in \"values\"")
            }
            return value
        }
        switch op {
        case "equals": return .equals(try single())
        case "lessThan": return .lessThan(try single())
        case "lessThanOrEqual": return .lessThanOrEqual(try single())
        case "greaterThan": return .greaterThan(try single())
        case "greaterThanOrEqual": return .greaterThanOrEqual(try single())
        case "between":
            guard operands.count == 2 else {
                throw WireFormatError("filter on '\(field)': 'between' takes two values in \"values\"")
            }
            return .between(
                operands[0], includingLower: includingLower ?? true, operands[1],
                includingUpper: includingUpper ?? true)
        case "in": return .isIn(operands)
        case "prefix":
            guard let prefix else {
                throw WireFormatError("filter on '\(field)': 'prefix' needs \"prefix\"")
            }
            return .hasPrefix(prefix)
        default:
            throw WireFormatError(
                "filter on '\(field)': unknown op '\(op)'; use equals, lessThan, lessThanOrEqual, greaterThan, "
                    + "greaterThanOrEqual, between, in or prefix")
        }
    }
}
