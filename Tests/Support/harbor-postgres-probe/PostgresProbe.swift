import Foundation
import Harbor
import HarborPostgres

/// The work a probe process does; each runs against a schema that other processes share.
enum PostgresProbe {
    /// One document of a batch; all documents of a batch share its number.
    struct BatchItem: Aggregate {
        static let collection = "batch-items"
        static let indexes: [IndexedField<BatchItem>] = [
            .field("batch", \.batch), .field("code", \.code, unique: true),
        ]
        let id: String
        let batch: Int
        let code: String
    }

    /// The event each document of a batch records.
    struct ItemCommitted: DomainEvent {
        static let eventName = "probe.item-committed"
        let batch: Int
        let index: Int
    }

    /// Runs `body` with a store on `schema` whose client runs meanwhile.
    static func withStore(url: String, schema: String, _ body: (PostgresStore) async throws -> Void) async throws {
        var configuration = try PostgresStore.Configuration(url: url)
        configuration.schema = schema
        let store = PostgresStore(configuration: configuration)
        let running = Task { try await store.run() }
        defer { running.cancel() }
        try await body(store)
    }

    /// Prepares the batch collection and a second one on a schema that may not exist yet.
    static func prepare(url: String, schema: String) async throws {
        try await withStore(url: url, schema: schema) { store in
            try await store.prepare(BatchItem.schema)
            try await store.prepare(CollectionSchema(name: "notes", indexedFields: ["writer", "day"]))
            report("prepared")
        }
    }

    /// Takes `count` values of `sequence`, then prints them on one line: "values 3 5 6 …".
    static func takeValues(url: String, schema: String, sequence: String, count: Int) async throws {
        try await withStore(url: url, schema: schema) { store in
            var values: [Int64] = []
            for _ in 0..<count { values.append(try await store.nextValue(of: sequence)) }
            report("values " + values.map(String.init).joined(separator: " "))
        }
    }

    /// Commits batches `first`, `first + 1`, … of `size` documents and `size` events each, until
    /// killed, reporting each batch once it is committed.
    static func commitBatches(url: String, schema: String, first: Int, size: Int) async throws {
        try await withStore(url: url, schema: schema) { store in
            let persistence = Persistence(store: store)
            for batch in first... {
                try await persistence.perform { unitOfWork in
                    let items = unitOfWork.repository(BatchItem.self)
                    for index in 0..<size {
                        try items.add(BatchItem(id: "\(batch)-\(index)", batch: batch, code: "c\(batch)-\(index)"))
                        try unitOfWork.record(ItemCommitted(batch: batch, index: index))
                    }
                }
                report("committed \(batch)")
            }
        }
    }

    /// The documents that `replicate` probes copy and commit at the same time.
    static let sharedKeys = (0..<4).map { DocumentKey(collection: "replicated", id: "shared-\($0)") }

    /// For each round: replicates the shared documents at a version of its own (as a backfill
    /// does), then updates one of them at the version it reads (as a writer beside it does);
    /// a conflict of that update is expected, any other error fails the probe.
    static func replicate(url: String, schema: String, writer: Int, rounds: Int) async throws {
        try await withStore(url: url, schema: schema) { store in
            try await store.prepare(CollectionSchema(name: "replicated", indexedFields: ["writer"]))
            for round in 0..<rounds {
                let version = Int64(writer * 100_000 + round + 1)
                try await store.replicate(
                    sharedKeys.map {
                        .put(
                            StoredDocument(
                                key: $0, version: version, body: Data("{}".utf8),
                                fields: ["writer": .int(Int64(writer))]))
                    })
                let key = sharedKeys[round % sharedKeys.count]
                do {
                    let current = try await store.document(at: key)?.version ?? 1
                    _ = try await store.commit(
                        ChangeSet(changes: [.update(key, expectedVersion: current, body: Data("{}".utf8), fields: [:])])
                    )
                } catch let error as StoreError where error.isConflict {
                    // Another process replicated or committed in between: a lost race, as allowed.
                }
                report("round \(round)")
            }
        }
    }

    /// Prints one line and flushes it, so that the parent sees it before a kill.
    static func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data(
                "usage: harbor-postgres-probe prepare URL SCHEMA | batches URL SCHEMA FIRST SIZE | replicate URL SCHEMA WRITER ROUNDS\n"
                    .utf8))
        exit(2)
    }
}
