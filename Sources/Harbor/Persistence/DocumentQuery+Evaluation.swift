extension DocumentQuery {
    /// Whether a document with these indexed fields passes the filters; a missing field is `null`,
    /// and a multi-valued field passes a filter when any of its values does.
    public func matches(_ fields: [String: FieldValue]) -> Bool {
        filters.allSatisfy { filter in
            (fields[filter.field] ?? .null).elements.contains { filter.condition.holds(for: $0) }
        }
    }

    /// Whether `a` sorts before `b` under this query's order, ties broken by identifier.
    public func sortsBefore(_ a: StoredDocument, _ b: StoredDocument) -> Bool {
        sortsBefore(a.fields, a.key.id, b.fields, b.key.id)
    }

    /// Whether a document with `fields` and `id` sorts after ``after`` (always true without one).
    public func isAfterPosition(_ fields: [String: FieldValue], id: String) -> Bool {
        guard let after else { return true }
        var positionFields: [String: FieldValue] = [:]
        for (key, value) in zip(order, after.values) { positionFields[key.field] = value }
        return sortsBefore(positionFields, after.id, fields, id)
    }

    /// The position of a document with `fields` and `id` under this query's order.
    public func position(of fields: [String: FieldValue], id: String) -> Position {
        Position(values: order.map { fields[$0.field] ?? .null }, id: id)
    }

    /// Filters, sorts and limits documents in memory: the reference semantics every store follows.
    public func apply<S: Sequence<StoredDocument>>(to documents: S) -> [StoredDocument] {
        var result = documents.filter {
            $0.key.collection == collection && matches($0.fields) && isAfterPosition($0.fields, id: $0.key.id)
        }
        result.sort(by: sortsBefore)
        if let limit, result.count > limit { result.removeLast(result.count - limit) }
        return result
    }

    /// How many documents ``apply(to:)`` returns, without sorting them.
    public func count<S: Sequence<StoredDocument>>(in documents: S) -> Int {
        let matching = documents.lazy.filter {
            $0.key.collection == collection && matches($0.fields) && isAfterPosition($0.fields, id: $0.key.id)
        }.count
        return limit.map { min($0, matching) } ?? matching
    }

    private func sortsBefore(
        _ aFields: [String: FieldValue],
        _ aID: String,
        _ bFields: [String: FieldValue],
        _ bID: String
    ) -> Bool {
        for key in order {
            let left = aFields[key.field] ?? .null
            let right = bFields[key.field] ?? .null
            if left == right { continue }
            if !(left < right) && !(right < left) { continue }
            return key.ascending ? left < right : right < left
        }
        return aID.utf8.lexicographicallyPrecedes(bID.utf8)
    }
}
