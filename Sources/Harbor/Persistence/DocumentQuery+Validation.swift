extension DocumentQuery {
    /// Checks the query against a collection's indexed fields, as every store does before reading.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a field that is not indexed, or
    ///   ``StoreError/unsortableField(collection:field:)`` for an order on a multi-valued field.
    ///   ``StoreError/invalidInput(field:reason:)`` for a query outside ``StoreLimits``.
    public func validate(indexedFields: [String], multiValuedFields: [String]) throws {
        try StoreLimits.check(self)
        if let unknown = fieldNames.first(where: { !indexedFields.contains($0) }) {
            throw StoreError.unknownField(collection: collection, field: unknown)
        }
        if let multi = order.first(where: { multiValuedFields.contains($0.field) }) {
            throw StoreError.unsortableField(collection: collection, field: multi.field)
        }
    }
}
