import Foundation
import Harbor
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

@Suite("Watching: the periodic full update")
struct WatcherReconcileTests {
    @Test("a change no file event told of is counted when the reconcile interval passes")
    func missedEventIsCaught() async throws {
        let harness = WatchHarness(configuration: WatchConfiguration(reconcileInterval: .seconds(600)))
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        // Written, renamed and a new file added, with no event sent: the monitor missed them all.
        try harness.disk.write("/n/a.md", contents: Fixture.words(25))
        try harness.disk.write("/n/new.md", contents: Fixture.words(3))
        harness.clock.advance(by: .seconds(599))
        #expect(try await harness.fixture.row("/n/a.md")?.words == 10)
        harness.clock.advance(by: .seconds(1))
        try await harness.activities.wait(for: "the periodic update") { $0.contains(.reconciled(.timer)) }
        #expect(try await harness.fixture.row("/n/a.md")?.words == 25)
        #expect(try await harness.fixture.row("/n/new.md") != nil)
        #expect(WatchActivity.ReconciliationReason.timer.description == "the periodic check")

        // And again one interval later.
        try harness.disk.write("/n/a.md", contents: Fixture.words(30))
        harness.clock.advance(by: .seconds(600))
        try await harness.activities.wait(for: "the second periodic update") { log in
            log.filter { $0 == .reconciled(.timer) }.count == 2
        }
        #expect(try await harness.fixture.row("/n/a.md")?.words == 30)
        try await harness.stop(task)
    }
}
