extension DocumentQuery {
    /// Whether a document with these indexed fields passes the filters; a missing field is `null`.
    public func matches(_ fields: [String: FieldValue]) -> Bool {
        filters.allSatisfy { (fields[$0.field] ?? .null) == $0.value }
    }

    /// Whether `a` sorts before `b` under this query's order, ties broken by identifier.
    public func sortsBefore(_ a: StoredDocument, _ b: StoredDocument) -> Bool {
        for key in order {
            let left = a.fields[key.field] ?? .null
            let right = b.fields[key.field] ?? .null
            if left == right { continue }
            return key.ascending ? left < right : right < left
        }
        return a.key.id.utf8.lexicographicallyPrecedes(b.key.id.utf8)
    }

    /// Filters, sorts and limits documents in memory: the reference semantics every store follows.
    public func apply<S: Sequence<StoredDocument>>(to documents: S) -> [StoredDocument] {
        var result = documents.filter { $0.key.collection == collection && matches($0.fields) }
        result.sort(by: sortsBefore)
        if let limit, result.count > limit { result.removeLast(result.count - limit) }
        return result
    }
}
