import Foundation
import GRDB
import Harbor
import HarborSQLite
import HarborTesting
import Testing

/// Several processes on one file, with `harbor-sqlite-probe` as the other processes.
@Suite("SQLiteStore across processes", .serialized, .timeLimit(.minutes(2)))
struct MultiProcessTests {
    /// Documents with an integer `value` in the `counters` collection, as the probe encodes them.
    struct Counter: Aggregate {
        static let collection = "counters"
        let id: String
        var value: Int
    }

    /// Each round starts six processes, waits until all are ready, then lets them open the new
    /// file together, so that they race to switch it to WAL and to apply every migration.
    @Test("processes that open a new file at the same time all get its schema")
    func concurrentOpening() async throws {
        let folder = try TemporaryFolder()
        for round in 0..<5 {
            let path = folder.file("fresh-\(round).sqlite")
            let probes = try (0..<6).map {
                try ProbeProcess(["open-on-line", path], in: folder, label: "open-\(round)-\($0)", withInput: true)
            }
            for probe in probes { #expect(try await probe.waitForOutput(lines: 1), "\(probe.errorText)") }
            for probe in probes { probe.input?.fileHandleForWriting.write(Data("go\n".utf8)) }
            for probe in probes {
                let status = try await probe.waitForExit()
                #expect(status == 0, "\(probe.errorText)")
                #expect(probe.outputLines == ["ready", "opened"])
            }
            let store = try SQLiteStore(path: path)
            #expect(try await store.events(after: 0, limit: 1).isEmpty)
        }
    }

    @Test("two processes incrementing one counter lose no update")
    func noLostUpdate() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("counter.sqlite")
        let persistence = Persistence(store: try SQLiteStore(path: path))
        try await persistence.perform { try $0.repository(Counter.self).add(Counter(id: "shared", value: 0)) }
        let (increments, documents) = (1_000, 100)
        let writers = try ["left", "right"].map { writer in
            try ProbeProcess(
                ["increment", path, writer, "\(increments)", "\(documents)"], in: folder, label: writer)
        }
        for writer in writers {
            let status = try await writer.waitForExit()
            #expect(status == 0, "a writer failed: \(writer.errorText)")
            #expect(writer.outputLines.first?.hasPrefix("done \(increments) retries") == true)
        }
        let counter = try await persistence.repository(Counter.self).find("shared")
        #expect(counter?.value == 2 * increments)
        // The writers only added notes, which does not prepare a collection: index `writer` now,
        // from the fields each note was committed with.
        try await persistence.store.prepare(CollectionSchema(name: "notes", indexedFields: ["writer"]))
        let notes = try await persistence.store.documents(matching: DocumentQuery(collection: "notes"))
        #expect(notes.count == 2 * documents)
        let byWriter = DocumentQuery(collection: "notes", filters: [.init(field: "writer", value: .string("left"))])
        #expect(try await persistence.store.documents(matching: byWriter).count == documents)
    }

    @Test("processes taking values of one sequence at once get distinct values, none missing")
    func sharedSequence() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("sequence.sqlite")
        let store = try SQLiteStore(path: path)
        let count = 2_000
        let takers = try (0..<3).map {
            try ProbeProcess(
                ["sequence-on-line", path, "order-numbers", "\(count)"], in: folder, label: "taker-\($0)",
                withInput: true)
        }
        for taker in takers { #expect(try await taker.waitForOutput(lines: 1), "\(taker.errorText)") }
        for taker in takers { taker.input?.fileHandleForWriting.write(Data("go\n".utf8)) }
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

    @Test("a process killed in the middle of commits leaves every change set whole or absent")
    func killedWriter() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("batches.sqlite")
        let size = 25
        var acknowledged: [Int] = []
        for round in 0..<5 {
            let writer = try ProbeProcess(
                ["batches", path, "\(round * 100_000)", "\(size)"], in: folder, label: "w\(round)")
            #expect(try await writer.waitForOutput(lines: 3), "the writer did not commit: \(writer.errorText)")
            // Let it run on for a moment that no test can predict, then kill it mid-commit.
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...60)))
            writer.kill()
            acknowledged += writer.outputLines.compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
            try await expectWholeBatches(path: path, size: size, acknowledged: acknowledged)
        }
    }

    @Test("an outbox reader killed and restarted gets every event once more at most, in order")
    func restartedOutboxReader() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("outbox.sqlite")
        let log = folder.file("reader.log")
        let store = try SQLiteStore(path: path)
        let total = 1_500
        // This process writes while the reader, another process, is killed and restarted.
        let writing = Task {
            for index in 0..<total / 3 {
                let events = (0..<3).map {
                    EncodedEvent(name: "test.tick", payload: Data("\(index)-\($0)".utf8), occurredAt: Date())
                }
                _ = try await store.commit(ChangeSet(events: events))
                if index % 20 == 0 { try await Task.sleep(for: .milliseconds(3)) }
            }
        }
        for round in 0..<3 {
            let reader = try ProbeProcess(
                ["read-outbox", path, "reader", "\(Int64.max)", "7", log], in: folder, label: "reader-\(round)")
            try await waitForLogLines(log, atLeast: 60 * (round + 1), while: reader)
            reader.kill()
        }
        try await writing.value
        let last = try await store.events(after: 0, limit: total).last?.position ?? 0
        let final = try ProbeProcess(["read-outbox", path, "reader", "\(last)", "7", log], in: folder, label: "final")
        #expect(try await final.waitForExit() == 0, "\(final.errorText)")
        let positions = try await store.events(after: 0, limit: total + 1).map(\.position)
        #expect(positions.count == total)
        try expectOrderedDelivery(log: log, of: positions)
        #expect(try await store.position(ofSubscriber: "reader") == last)
    }

    // MARK: - Checks

    /// Opens the file as a new process would and checks it: intact, and every batch whole or absent.
    private func expectWholeBatches(path: String, size: Int, acknowledged: [Int]) async throws {
        #expect(try Self.integrityCheck(path: path) == ["ok"])
        let store = try SQLiteStore(path: path)
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
    }

    /// SQLite's own check of the whole file, through a connection of its own.
    static func integrityCheck(path: String) throws -> [String] {
        let database = try DatabaseQueue(path: path)
        defer { try? database.close() }
        return try database.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
    }

    /// The event the probe records for each document of a batch.
    struct ItemCommitted: DomainEvent {
        static let eventName = "probe.item-committed"
        let batch: Int
        let index: Int
    }

    private func waitForLogLines(_ log: String, atLeast count: Int, while reader: ProbeProcess) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while logLines(log).count < count && reader.process.isRunning && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(2))
        }
        #expect(reader.process.isRunning, "the reader stopped: \(reader.errorText)")
    }

    private func logLines(_ log: String) -> [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        // A kill may cut the last line: keep whole lines only.
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// Each run of the reader starts after its stored position and logs the following events with
    /// no gap; runs may repeat what a killed run logged after its last stored position, nothing more.
    private func expectOrderedDelivery(log: String, of positions: [Int64]) throws {
        var delivered: Int64 = 0
        var expectedNext: Int?
        for line in logLines(log) {
            if line.hasPrefix("start ") {
                let start = try #require(Int64(line.dropFirst(6)))
                #expect(start <= delivered, "a run started after \(start), beyond what was delivered (\(delivered))")
                expectedNext = positions.firstIndex { $0 > start }
                continue
            }
            let position = try #require(Int64(line))
            let index = try #require(expectedNext, "an event was logged before a start line")
            #expect(index < positions.count && positions[index] == position, "expected the next event, got \(position)")
            delivered = max(delivered, position)
            expectedNext = index + 1
        }
        #expect(delivered == positions.last, "the reader did not get to the last event")
    }
}
