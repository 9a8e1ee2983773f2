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

    /// Prints one line and flushes it, so that the parent sees it before a kill.
    static func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func usage() -> Never {
        FileHandle.standardError.write(
            Data("usage: harbor-postgres-probe prepare URL SCHEMA | batches URL SCHEMA FIRST SIZE\n".utf8))
        exit(2)
    }
}
