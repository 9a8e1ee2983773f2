import Harbor
import Synchronization

/// A complete `Store` kept in memory inside an actor, written from Harbor's documentation alone:
/// one dictionary of documents per collection, an array for the outbox.
actor ActorStore: Store {
    /// A collection: what its schemas declared, and its documents by key.
    struct Collection {
        var indexedFields: [String] = []
        var uniqueFields: Set<String> = []
        var multiValuedFields: [String] = []
        var documents: [DocumentKey: StoredDocument] = [:]
    }

    /// A name compared by its Unicode scalars, as `DocumentKey` and `FieldValue` compare theirs.
    struct ExactName: Hashable {
        let text: String

        static func == (lhs: ExactName, rhs: ExactName) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(text.utf8.count)
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }

    var collections: [String: Collection] = [:]
    var outbox: [StoredEvent] = []
    var nextPosition: Int64 = 1
    var positions: [ExactName: Int64] = [:]
    var deadLetters: [ExactName: [Int64: DeadLetter]] = [:]

    /// The streams of ``commitSignals()``, by a number of their own; outside the actor, since
    /// `commitSignals()` is synchronous.
    nonisolated let signalStreams = Mutex<(next: Int, continuations: [Int: AsyncStream<Void>.Continuation])>(
        (0, [:]))

    init() {}

    // MARK: DocumentStore

    func prepare(_ schema: CollectionSchema) async throws {
        try StoreLimits.check(schema)
        var collection = collections[schema.name] ?? Collection()
        for field in schema.indexedFields where !collection.indexedFields.contains(field) {
            collection.indexedFields.append(field)
        }
        for field in schema.multiValuedFields where !collection.multiValuedFields.contains(field) {
            collection.multiValuedFields.append(field)
        }
        let newlyUnique = Set(schema.uniqueFields).subtracting(collection.uniqueFields)
        collection.uniqueFields.formUnion(schema.uniqueFields)
        if !newlyUnique.isEmpty {
            for document in collection.documents.values {
                do {
                    try Self.checkUnique(document, in: collection, name: schema.name, only: newlyUnique)
                } catch StoreError.duplicateValue(_, let field, let value) {
                    // What the contract wants here was found by trial: no doc names this case.
                    throw StoreError.invalidData(
                        nil, reason: "cannot make \(field) unique: two documents hold \(value)")
                }
            }
        }
        collections[schema.name] = collection
    }

    func document(at key: DocumentKey) async throws -> StoredDocument? {
        try StoreLimits.checkKey(key, field: "key")
        return collections[key.collection]?.documents[key]
    }

    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        let collection = try validated(query)
        return query.apply(to: collection.documents.values)
    }

    func count(matching query: DocumentQuery) async throws -> Int {
        let collection = try validated(query)
        return query.count(in: collection.documents.values)
    }

    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry] {
        let collection = try validated(query)
        let entries = query.apply(to: collection.documents.values).map(\.indexEntry)
        guard let fields = query.fields else { return entries }
        return entries.map { $0.keeping(fields) }
    }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        try StoreLimits.check(changeSet)
        try verify(changeSet.expectedReads)
        var working = collections
        var receipt = CommitReceipt()
        for change in changeSet.changes {
            let key = change.key
            var collection = working[key.collection] ?? Collection()
            let current = collection.documents[key]
            switch change {
            case .insert(_, let body, let fields):
                guard current == nil else { throw StoreError.duplicate(key) }
                let document = StoredDocument(key: key, version: 1, body: body, fields: fields)
                try Self.checkUnique(document, in: collection, name: key.collection)
                collection.documents[key] = document
                receipt.versions[key] = 1
            case .update(_, let expectedVersion, let body, let fields):
                guard let current, current.version == expectedVersion else {
                    throw StoreError.stale(key, expected: expectedVersion, actual: current?.version)
                }
                let document = StoredDocument(key: key, version: expectedVersion + 1, body: body, fields: fields)
                try Self.checkUnique(document, in: collection, name: key.collection)
                collection.documents[key] = document
                receipt.versions[key] = document.version
            case .delete(_, let expectedVersion):
                guard let current, current.version == expectedVersion else {
                    throw StoreError.stale(key, expected: expectedVersion, actual: current?.version)
                }
                collection.documents[key] = nil
                receipt.versions[key] = nil
            }
            working[key.collection] = collection
        }
        collections = working
        for event in changeSet.events {
            outbox.append(StoredEvent(position: nextPosition, event: event))
            receipt.lastEventPosition = nextPosition
            nextPosition += 1
        }
        signal()
        return receipt
    }

    func replicate(_ writes: [ReplicatedWrite]) async throws {
        try StoreLimits.check(writes)
        var working = collections
        for write in writes {
            let key = write.key
            var collection = working[key.collection] ?? Collection()
            switch write {
            case .put(let document):
                try Self.checkUnique(document, in: collection, name: key.collection)
                collection.documents[key] = document
            case .delete:
                collection.documents[key] = nil
            }
            working[key.collection] = collection
        }
        collections = working
        signal()
    }

    // MARK: Helpers

    /// The collection a query reads, once the query is within bounds and names only indexed fields.
    private func validated(_ query: DocumentQuery) throws -> Collection {
        try StoreLimits.check(query)
        let collection = collections[query.collection] ?? Collection()
        try query.validate(indexedFields: collection.indexedFields, multiValuedFields: collection.multiValuedFields)
        return collection
    }

    /// Throws the conflict of the first expectation that no longer holds.
    private func verify(_ expectations: [ReadExpectation]) throws {
        for expectation in expectations {
            switch expectation {
            case .document(let key, let version):
                let current = collections[key.collection]?.documents[key]?.version
                if current != version {
                    throw StoreError.changedSinceRead(key, readVersion: version, currentVersion: current)
                }
            case .query(let query, let results):
                let collection = try validated(query)
                let selected = query.apply(to: collection.documents.values)
                var now: [DocumentKey: Int64] = [:]
                for document in selected { now[document.key] = document.version }
                if now != results { throw StoreError.queryResultChanged(query) }
            }
        }
    }

    /// Throws when `document` gives a unique field a non-null value another document holds.
    private static func checkUnique(
        _ document: StoredDocument, in collection: Collection, name: String, only fields: Set<String>? = nil
    ) throws {
        for field in fields ?? collection.uniqueFields {
            guard let value = document.fields[field] else { continue }
            for element in value.elements where element != .null {
                for other in collection.documents.values where other.key != document.key {
                    if let otherValue = other.fields[field], otherValue.elements.contains(element) {
                        throw StoreError.duplicateValue(collection: name, field: field, value: element)
                    }
                }
            }
        }
    }
}
