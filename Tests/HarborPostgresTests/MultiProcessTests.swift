import Foundation
import Harbor
import HarborTesting
import Testing

@testable import HarborPostgres

/// Several processes on one schema, with `harbor-postgres-probe` as the other processes.
@Suite(
    "PostgresStore across processes", .enabled(if: TestServer.enabled, TestServer.missing), .serialized,
    .timeLimit(.minutes(2)))
struct PostgresMultiProcessTests {
    /// The event the probe records for each document of a batch.
    struct ItemCommitted: DomainEvent {
        static let eventName = "probe.item-committed"
        let batch: Int
        let index: Int
    }

    @Test("processes that prepare one fresh database at the same time all succeed")
    func concurrentPrepare() async throws {
        let folder = try TemporaryFolder()
        try await TestServer.withStores { open in
            let store = try await open()
            let url = try #require(TestServer.url)
            let probes = try (0..<4).map {
                try PostgresProbeProcess(
                    ["prepare", url, store.configuration.schema], in: folder, label: "prepare-\($0)")
            }
            for probe in probes {
                let status = try await probe.waitForExit()
                #expect(status == 0, "\(probe.errorText)")
                #expect(probe.outputLines == ["prepared"])
            }
            let query = DocumentQuery(collection: "notes", filters: [.init(field: "day", .greaterThan(.int(3)))])
            #expect(try await store.count(matching: query) == 0)
        }
    }

    @Test("processes taking values of one sequence at once get distinct values, none missing")
    func sharedSequence() async throws {
        let folder = try TemporaryFolder()
        try await TestServer.withStores { open in
            let store = try await open()
            let url = try #require(TestServer.url)
            let count = 300
            let takers = try (0..<3).map {
                try PostgresProbeProcess(
                    ["sequence", url, store.configuration.schema, "order-numbers", "\(count)"], in: folder,
                    label: "taker-\($0)")
            }
            var all: [Int64] = []
            for taker in takers {
                #expect(try await taker.waitForExit() == 0, "\(taker.errorText)")
                let values = try #require(
                    taker.outputLines.last?.split(separator: " ").dropFirst().compactMap { Int64($0) })
                #expect(values.count == count)
                #expect(values == values.sorted() && Set(values).count == count, "one process's values do not grow")
                all += values
            }
            #expect(all.sorted() == Array(1...Int64(3 * count)))
            #expect(try await store.nextValue(of: "order-numbers") == Int64(3 * count + 1))
        }
    }

    @Test("a process killed in the middle of commits leaves every change set whole or absent, and no outbox gap")
    func killedWriter() async throws {
        let folder = try TemporaryFolder()
        try await TestServer.withStores { open in
            let store = try await open()
            let url = try #require(TestServer.url)
            let size = 25
            var acknowledged: [Int] = []
            for round in 0..<4 {
                let writer = try PostgresProbeProcess(
                    ["batches", url, store.configuration.schema, "\(round * 100_000)", "\(size)"], in: folder,
                    label: "w\(round)")
                #expect(try await writer.waitForOutput(lines: 3), "the writer did not commit: \(writer.errorText)")
                // Let it run on for a moment that no test can predict, then kill it mid-commit.
                try await Task.sleep(for: .milliseconds(Int.random(in: 5...60)))
                writer.kill()
                acknowledged += writer.outputLines.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
                try await expectWholeBatches(store: store, size: size, acknowledged: acknowledged)
            }
        }
    }

    @Test("processes replicating and committing the same documents never fail as duplicates, one killed mid-way")
    func concurrentReplication() async throws {
        let folder = try TemporaryFolder()
        try await TestServer.withStores { open in
            let store = try await open()
            let url = try #require(TestServer.url)
            let schema = store.configuration.schema
            let probes = try (1...3).map {
                try PostgresProbeProcess(
                    ["replicate", url, schema, "\($0)", "60"], in: folder, label: "replicate-\($0)")
            }
            let victim = try PostgresProbeProcess(
                ["replicate", url, schema, "4", "100000"], in: folder, label: "victim")
            #expect(try await victim.waitForOutput(lines: 5), "the fourth probe did not start: \(victim.errorText)")
            victim.kill()
            for probe in probes {
                let status = try await probe.waitForExit()
                #expect(status == 0, "a replicating process failed: \(probe.errorText)")
                #expect(probe.outputLines.count == 60)
            }
            for index in 0..<4 {
                let key = DocumentKey(collection: "replicated", id: "shared-\(index)")
                let document = try #require(try await store.document(at: key))
                let receipt = try await store.commit(
                    ChangeSet(changes: [
                        .update(key, expectedVersion: document.version, body: document.body, fields: [:])
                    ]))
                #expect(receipt.versions[key] == document.version + 1)
            }
        }
    }

    /// Every batch whole or absent, its events with it, and outbox positions 1, 2, 3, … without a gap.
    private func expectWholeBatches(store: PostgresStore, size: Int, acknowledged: [Int]) async throws {
        let documents = try await store.documents(matching: DocumentQuery(collection: "batch-items"))
        let events = try await store.events(after: 0, limit: 1_000_000)
        var documentsPerBatch: [Int: Int] = [:]
        for document in documents {
            if case .int(let batch) = document.fields["batch"] { documentsPerBatch[Int(batch), default: 0] += 1 }
        }
        var eventsPerBatch: [Int: Int] = [:]
        for stored in events {
            let event = try #require(try stored.event.decode(as: ItemCommitted.self))
            eventsPerBatch[event.batch, default: 0] += 1
        }
        #expect(documentsPerBatch.values.allSatisfy { $0 == size }, "partial batches: \(documentsPerBatch)")
        #expect(eventsPerBatch == documentsPerBatch, "events and documents of a batch disagree")
        #expect(Set(acknowledged).isSubset(of: Set(documentsPerBatch.keys)), "an acknowledged batch is missing")
        let positions = events.map(\.position)
        #expect(positions == (0..<positions.count).map { Int64($0 + 1) }, "the outbox has a gap")
    }
}
