import Foundation
import Harbor
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

@Suite("ShowHistory by machine: the writing each named machine recorded")
struct HistoryByMachineTests {
    @Test("each machine's writing is its own record; the day's total is their sum")
    func perMachine() async throws {
        let fixture = Fixture()
        let laptop = WordCounterApp(
            services: WordCounterServices(
                persistence: fixture.persistence, fileSystem: fixture.disk, calendar: fixture.services.calendar,
                now: fixture.services.now, makeID: { UUID().uuidString }, machine: "laptop"))
        let desk = WordCounterApp(
            services: WordCounterServices(
                persistence: fixture.persistence, fileSystem: fixture.disk, calendar: fixture.services.calendar,
                now: fixture.services.now, makeID: { UUID().uuidString }, machine: "desk"))
        try fixture.disk.write("/home/writer/a/one.md", contents: "one")
        try fixture.disk.write("/home/writer/b/two.md", contents: "one")
        try await desk.run(TrackFiles(paths: ["/home/writer/a"]))
        try await laptop.run(TrackFiles(paths: ["/home/writer/b"]))
        try fixture.disk.write("/home/writer/a/one.md", contents: Fixture.words(11))
        try await desk.run(UpdateWordCount(path: "/home/writer/a/one.md"))
        try fixture.disk.write("/home/writer/b/two.md", contents: Fixture.words(4))
        try await laptop.run(UpdateWordCount(path: "/home/writer/b/two.md"))

        let days = try await desk.run(ShowHistory(days: 2, grouping: .machine))
        #expect(days.map(\.words) == [0, 13])
        #expect(days.last?.machines == ["desk": 10, "laptop": 3])
        #expect(days.first?.machines == ["desk": 0, "laptop": 0])
        // Without the grouping, no breakdown.
        #expect(try await desk.run(ShowHistory(days: 1)).last?.machines == nil)
        let records = try await fixture.persistence.repository(DailyCount.self).all()
        #expect(Set(records.compactMap(\.machine)) == ["desk", "laptop"])
    }

    @Test("writing recorded before machines were named is shown as 'unnamed'")
    func unnamed() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/home/writer/novel/one.md", contents: "one")
        try await fixture.track("/home/writer/novel")
        try fixture.disk.write("/home/writer/novel/one.md", contents: Fixture.words(3))
        try await fixture.update()
        let days = try await fixture.history(days: 1, by: .machine)
        #expect(days.last?.machines == [HistoryEntry.unnamedMachine: 2])
    }
}
