import Foundation
import Harbor
import HarborSQLite
import HarborTestSupport
import HarborTesting
import Testing

/// Idempotent runs on one SQLite file from several processes at once (`harbor-sqlite-probe`).
@Suite("SQLiteStore: idempotent and scheduled runs across processes", .serialized, .timeLimit(.minutes(2)))
struct IdempotencyAcrossProcessesTests {
    @Test("three processes running the same 40 keys at once place 40 orders, and all get the same ones")
    func oncePerKey() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("orders.sqlite")
        let keys = 40
        _ = try SQLiteStore(path: path)
        let probes = try (0..<3).map {
            try ProbeProcess(["idempotent", path, "\(keys)"], in: folder, label: "placer-\($0)")
        }
        var answers: [[String]] = []
        for probe in probes {
            let status = try await probe.waitForExit()
            #expect(status == 0, "a process failed: \(probe.errorText)")
            answers.append(probe.outputLines)
        }
        #expect(answers.allSatisfy { $0.count == keys }, "\(answers.map(\.count))")
        #expect(Set(answers).count == 1, "the processes got different orders for one key")

        let persistence = Persistence(store: try SQLiteStore(path: path))
        let orders = try await persistence.repository(IdempotentOrderPlacing.PlacedOrder.self).all()
        #expect(orders.count == keys)
        #expect(Set(orders.map(\.key)) == Set(IdempotentOrderPlacing.keys(keys)))
        let answered = Set(answers.first?.map { String($0.split(separator: " ")[1]) } ?? [])
        #expect(Set(orders.map(\.id)) == answered)
    }

    @Test("three processes running the due runs of one file at once run each of 60 once")
    func scheduledOnce() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("schedule.sqlite")
        let persistence = Persistence(store: try SQLiteStore(path: path))
        let tags = (0..<60).map { "r\($0)" }
        try await persistence.perform { unitOfWork in
            for tag in tags { try unitOfWork.schedule(ScheduledRunRecording.Record(tag: tag), after: .zero) }
        }
        let probes = try (0..<3).map { try ProbeProcess(["run-due", path], in: folder, label: "runner-\($0)") }
        var total = 0
        for probe in probes {
            let status = try await probe.waitForExit()
            #expect(status == 0, "a process failed: \(probe.errorText)")
            total += probe.outputLines.first.flatMap { Int($0.dropFirst("ran ".count)) } ?? 0
        }
        #expect(total == tags.count)
        let ran = try await persistence.repository(ScheduledRunRecording.Ran.self).all()
        #expect(ran.map(\.tag).sorted() == tags.sorted())
        #expect(try await persistence.store.count(matching: DocumentQuery(collection: "harbor-schedule")) == 0)
    }
}
