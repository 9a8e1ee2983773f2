import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing
import WordCounter

@Suite("Copy history")
struct CopyHistoryTests {
    @Test("a copy is a plain value: its location and whether it replaces, compared and hashed as data")
    func plainValue() {
        let copy = CopyHistory(to: HistoryLocation("/backup/words.sqlite"))
        #expect(copy == CopyHistory(to: HistoryLocation("/backup/words.sqlite")))
        #expect(copy != CopyHistory(to: HistoryLocation("/backup/words.sqlite"), replacing: true))
        #expect(Set([copy, copy]).count == 1)
        #expect(copy.target.description == "/backup/words.sqlite")
    }

    @Test("the services open the target; progress is reported through the run, per collection")
    func progressThroughTheRun() async throws {
        let stores = InMemoryHistoryStores()
        let fixture = Fixture(historyStores: stores)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(20))
        try await fixture.track("/n")
        let reports = Mutex<[RunProgress]>([])
        let observation = fixture.app.observe { event in
            if case .progress(_, let progress) = event { reports.withLock { $0.append(progress) } }
        }
        let copied = try await fixture.app.run(CopyHistory(to: HistoryLocation("backup")))
        observation.cancel()
        let files = try #require(copied.first { $0.collection == TrackedFile.collection })
        #expect(files.count == 2)
        let expected = RunProgress(completed: 2, total: 2, message: "copying \(TrackedFile.collection)")
        #expect(reports.withLock { $0.contains(expected) })
        let there = try await stores.persistence(at: HistoryLocation("backup"))
        #expect(try await there.repository(TrackedFile.self).all().count == 2)
    }

    @Test("without history stores the copy fails, naming the location")
    func withoutStores() async throws {
        let fixture = Fixture()
        let error = await #expect(throws: CopyError.self) {
            try await fixture.app.run(CopyHistory(to: HistoryLocation("backup")))
        }
        #expect(error == .noHistoryStores(HistoryLocation("backup")))
        #expect(error.map { String(describing: $0) }?.contains("cannot open backup") == true)
    }
}
