/// Something a unit of work read and requires unchanged when it commits (see
/// ``Persistence/perform(checkingReads:_:)``); the store checks it inside its commit transaction.
public enum ReadExpectation: Sendable, Hashable {
    /// The document at the key is at `version`, or absent when `version` is nil.
    case document(DocumentKey, version: Int64?)
    /// The query selects exactly these documents at these versions, in any order; a document
    /// added to, changed in or removed from its result (a phantom) breaks it.
    case query(DocumentQuery, results: [DocumentKey: Int64])
}

extension ReadExpectation {
    /// The conflict when a document read at `expected` is now at `current` (read under the
    /// store's commit lock; nil for absent), or nil when it is unchanged.
    package static func documentConflict(
        _ key: DocumentKey, expected: Int64?, current: Int64?
    ) -> StoreError? {
        expected == current ? nil : .changedSinceRead(key, readVersion: expected, currentVersion: current)
    }

    /// The conflict when a query now selects `selected` instead of `expected`, or nil.
    package static func queryConflict(
        _ query: DocumentQuery, expected: [DocumentKey: Int64], selected: [DocumentKey: Int64]
    ) -> StoreError? {
        expected == selected ? nil : .queryResultChanged(query)
    }
}

extension ReadExpectation {
    /// Checks `expectations` in order against the store's current state, read through `version`
    /// (a document's version, nil when absent) and `select` (the keys and versions a query selects);
    /// the caller holds the store's commit lock.
    /// - Throws: the conflict of the first expectation that no longer holds.
    package static func verify(
        _ expectations: [ReadExpectation],
        version: (DocumentKey) throws -> Int64?,
        select: (DocumentQuery) throws -> [DocumentKey: Int64]
    ) throws {
        for expectation in expectations {
            switch expectation {
            case .document(let key, let expected):
                if let conflict = documentConflict(key, expected: expected, current: try version(key)) {
                    throw conflict
                }
            case .query(let query, let results):
                if let conflict = queryConflict(query, expected: results, selected: try select(query)) {
                    throw conflict
                }
            }
        }
    }
}
