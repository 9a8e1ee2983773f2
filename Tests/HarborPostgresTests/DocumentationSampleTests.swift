import Foundation
import Harbor
import HarborPostgres
import Testing

/// The sample of `PostgresStore`'s doc comment, run against the server.
@Suite("PostgresStore documentation", .enabled(if: TestServer.enabled, TestServer.missing))
struct DocumentationSampleTests {
    struct Note: Aggregate {
        static let collection = "notes"
        let id: String
        var text: String
    }

    @Test("the doc comment's sample commits through a running store")
    func sample() async throws {
        let configuration = try TestServer.configuration()
        let url = try #require(TestServer.url) + "?schema=\(configuration.schema)&sslmode=disable"
        let note = Note(id: "first", text: "hello")
        let store = try PostgresStore(url: url)
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { try await store.run() }
            let persistence = Persistence(store: store)
            try await persistence.perform { try $0.repository(Note.self).add(note) }
            group.cancelAll()
        }
        let reader = PostgresStore(configuration: configuration)
        let running = Task { try await reader.run() }
        defer { running.cancel() }
        #expect(try await reader.document(at: DocumentKey(collection: "notes", id: "first"))?.version == 1)
    }
}
