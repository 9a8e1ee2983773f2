import Foundation
import Harbor
import HarborPostgres
import HarborTestSupport
import HarborTesting
import Testing

/// Idempotent runs on one PostgreSQL schema from several processes at once (`harbor-postgres-probe`).
@Suite(
    "PostgresStore: idempotent and scheduled runs across processes",
    .enabled(if: TestServer.enabled, TestServer.missing),
    .serialized, .timeLimit(.minutes(2)))
struct PostgresIdempotencyAcrossProcessesTests {
    @Test("three processes running the same 40 keys at once place 40 orders, and all get the same ones")
    func oncePerKey() async throws {
        let folder = try TemporaryFolder()
        let keys = 40
        try await TestServer.withStores { open in
            let store = try await open()
            let url = try #require(TestServer.url)
            let probes = try (0..<3).map {
                try PostgresProbeProcess(
                    ["idempotent", url, store.configuration.schema, "\(keys)"], in: folder, label: "placer-\($0)")
            }
            var answers: [[String]] = []
            for probe in probes {
                let status = try await probe.waitForExit()
                #expect(status == 0, "a process failed: \(probe.errorText)")
                answers.append(probe.outputLines)
            }
            #expect(answers.allSatisfy { $0.count == keys }, "\(answers.map(\.count))")
            #expect(Set(answers).count == 1, "the processes got different orders for one key")

            let orders = try await Persistence(store: store).repository(IdempotentOrderPlacing.PlacedOrder.self).all()
            #expect(orders.count == keys)
            let answered = Set(answers.first?.map { String($0.split(separator: " ")[1]) } ?? [])
            #expect(Set(orders.map(\.id)) == answered)
        }
    }

    @Test("three processes running the due runs of one schema at once run each of 60 once")
    func scheduledOnce() async throws {
        let folder = try TemporaryFolder()
        try await TestServer.withStores { open in
            let store = try await open()
            let url = try #require(TestServer.url)
            let persistence = Persistence(store: store)
            let tags = (0..<60).map { "r\($0)" }
            try await persistence.perform { unitOfWork in
                for tag in tags { try unitOfWork.schedule(ScheduledRunRecording.Record(tag: tag), after: .zero) }
            }
            let probes = try (0..<3).map {
                try PostgresProbeProcess(
                    ["run-due", url, store.configuration.schema], in: folder, label: "runner-\($0)")
            }
            var total = 0
            for probe in probes {
                let status = try await probe.waitForExit()
                #expect(status == 0, "a process failed: \(probe.errorText)")
                total += probe.outputLines.first.flatMap { Int($0.dropFirst("ran ".count)) } ?? 0
            }
            #expect(total == tags.count)
            let ran = try await persistence.repository(ScheduledRunRecording.Ran.self).all()
            #expect(ran.map(\.tag).sorted() == tags.sorted())
            #expect(try await store.count(matching: DocumentQuery(collection: "harbor-schedule")) == 0)
        }
    }
}
