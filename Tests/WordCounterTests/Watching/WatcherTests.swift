import Foundation
import Harbor
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

@Suite("Watching tracked files")
struct WatcherTests {
    @Test("a save is recounted once its path has been quiet for the debounce, not before")
    func saveIsRecounted() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        try harness.disk.append("/n/a.md", contents: " " + Fixture.words(5, prefix: "x"))
        try await harness.send(.modified("/n/a.md"))
        harness.clock.advance(by: .milliseconds(100))
        #expect(try await harness.fixture.row("/n/a.md")?.words == 10)  // time has not passed the debounce
        harness.clock.advance(by: .milliseconds(50))
        try await harness.activities.wait(for: "the recount") { $0.contains(.recounted(["/n/a.md"])) }
        let row = try await harness.fixture.row("/n/a.md")
        #expect(row?.words == 15)
        #expect(row?.today == 5)
        #expect(harness.runCount("UpdateWordCount") == 1)
        try await harness.stop(task)
    }

    @Test("an editor's atomic save (temporary file renamed over the file) keeps the file's history")
    func atomicSave() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(100))
        try await harness.fixture.track("/n")
        let id = try await harness.fixture.row("/n/a.md")?.id
        let task = try await harness.start()

        try harness.disk.atomicallySave("/n/a.md", contents: Fixture.words(130))
        try await harness.send(.created("/n/.a.md.saving"))
        try await harness.send(.moved(from: "/n/.a.md.saving", to: "/n/a.md"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the recount") { $0.contains(.recounted(["/n/a.md"])) }
        let rows = try await harness.fixture.status()
        #expect(rows.map(\.id) == [id])
        #expect(rows.first?.words == 130)
        #expect(rows.first?.today == 30)
        #expect(harness.fixture.recorder.events(of: FileMoved.self).isEmpty)
        #expect(harness.fixture.recorder.events(of: FileWentMissing.self).isEmpty)
        #expect(harness.runCount("TrackFiles") == 1)  // the test's own track; the temporary file is not tracked
        try await harness.stop(task)
    }

    @Test("a file renamed within its tracked folder is followed: same file, history kept")
    func rename() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/draft.md", contents: Fixture.words(20))
        try await harness.fixture.track("/n")
        try harness.disk.append("/n/draft.md", contents: " two more")
        try await harness.fixture.update()
        let id = try await harness.fixture.row("/n/draft.md")?.id
        let task = try await harness.start()

        try harness.disk.rename("/n/draft.md", to: "/n/chapter-1.md")
        try await harness.send(.moved(from: "/n/draft.md", to: "/n/chapter-1.md"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the update") { $0.contains(.reconciled(.gone("/n/draft.md"))) }
        let rows = try await harness.fixture.status()
        #expect(rows.map(\.path) == ["/n/chapter-1.md"])
        #expect(rows.first?.id == id)
        #expect(rows.first?.today == 2)
        let moves = harness.fixture.recorder.events(of: FileMoved.self)
        #expect(moves.map(\.fileID) == [try #require(id)])
        #expect(moves.map(\.from) == ["/n/draft.md"])
        #expect(moves.map(\.to) == ["/n/chapter-1.md"])
        #expect(harness.fixture.recorder.events(of: FileTracked.self).count == 1)  // not tracked again as new
        try await harness.stop(task)
    }

    @Test("a deleted file is marked missing and reported once, however often it is seen gone")
    func delete() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try harness.disk.write("/n/b.md", contents: Fixture.words(3))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        try harness.disk.remove("/n/a.md")
        try await harness.send(.removed("/n/a.md"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the first update") { $0.contains(.reconciled(.gone("/n/a.md"))) }
        try await harness.send(.removed("/n/a.md"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the second update") {
            $0.filter { $0 == .reconciled(.gone("/n/a.md")) }.count == 2
        }
        #expect(try await harness.fixture.row("/n/a.md")?.status == .missing)
        #expect(try await harness.fixture.row("/n/b.md")?.status == .ok)
        #expect(harness.fixture.recorder.events(of: FileWentMissing.self).map(\.path) == ["/n/a.md"])
        try await harness.stop(task)
    }

    @Test("a burst of saves to one file, each within the debounce of the last, is one recount")
    func burstIsCoalesced() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        for save in 1...6 {
            try harness.disk.append("/n/a.md", contents: " burst\(save)")
            try await harness.send(.modified("/n/a.md"))
            harness.clock.advance(by: .milliseconds(100))
        }
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the recount") { $0.contains(.recounted(["/n/a.md"])) }
        #expect(harness.runCount("UpdateWordCount") == 1)
        #expect(harness.activities.handledBatches == 2)  // the startup update and the one recount
        #expect(try await harness.fixture.row("/n/a.md")?.words == 16)
        #expect(harness.fixture.recorder.events(of: WordCountChanged.self).map(\.words) == [16])
        try await harness.stop(task)
    }

    @Test("a file written without pause is still counted once the maximum delay has passed")
    func maximumDelay() async throws {
        let harness = WatchHarness(
            configuration: WatchConfiguration(debounce: .milliseconds(150), maximumDelay: .milliseconds(500)))
        try harness.disk.write("/n/log.txt", contents: Fixture.words(1))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        for _ in 1...5 {
            try harness.disk.append("/n/log.txt", contents: " more")
            try await harness.send(.modified("/n/log.txt"))
            harness.clock.advance(by: .milliseconds(100))
        }
        // 500 ms after the first save, although the last one was just now.
        try await harness.activities.wait(for: "the recount") { $0.contains(.recounted(["/n/log.txt"])) }
        #expect(try await harness.fixture.row("/n/log.txt")?.words == 6)
        try await harness.stop(task)
    }

    @Test("a new file in a tracked folder is tracked with its folder; hidden and other files are not")
    func newFiles() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(3))
        try harness.disk.write("/elsewhere/x.md", contents: Fixture.words(3))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        try harness.disk.write("/n/part-2/chapter-2.md", contents: Fixture.words(7))
        try harness.disk.write("/n/.chapter-2.md.swp", contents: "swap")
        try harness.disk.write("/n/cover.png", contents: "png")
        try harness.disk.write("/elsewhere/y.md", contents: "not tracked")
        for path in ["/n/part-2/chapter-2.md", "/n/.chapter-2.md.swp", "/n/cover.png", "/elsewhere/y.md"] {
            try await harness.send(.modified(path))
        }
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "tracking") { $0.contains(.tracked(["/n/part-2/chapter-2.md"])) }
        let rows = try await harness.fixture.status()
        #expect(rows.map(\.path) == ["/n/a.md", "/n/part-2/chapter-2.md"])
        #expect(rows.last?.words == 7)
        #expect(rows.last?.today == 7)  // a file that appeared in a tracked folder: written today
        let tracked = try await harness.fixture.services.persistence.repository(TrackedFile.self).all()
        #expect(tracked.first { $0.path == "/n/part-2/chapter-2.md" }?.root == "/n")
        try await harness.stop(task)
    }

    @Test("lost events (queue overflow) lead to a full update that catches every change")
    func overflowReconciles() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try harness.disk.write("/n/b.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        let task = try await harness.start()
        let updatesBefore = harness.runCount("UpdateWordCounts")

        // Changes whose events were lost: only the overflow arrives.
        try harness.disk.append("/n/a.md", contents: " one two")
        try harness.disk.rename("/n/b.md", to: "/n/b-renamed.md")
        try harness.disk.write("/n/c.md", contents: Fixture.words(4))
        try await harness.send(.overflow)
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the update") { $0.contains(.reconciled(.overflow)) }
        #expect(harness.runCount("UpdateWordCounts") == updatesBefore + 1)
        let rows = try await harness.fixture.status()
        #expect(rows.map(\.path) == ["/n/a.md", "/n/b-renamed.md", "/n/c.md"])
        #expect(rows.first?.words == 12)
        #expect(harness.fixture.recorder.events(of: FileMoved.self).map(\.to) == ["/n/b-renamed.md"])
        try await harness.stop(task)
    }

    @Test("stopping handles the changes still waiting for their quiet period, then returns")
    func gracefulStop() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        try harness.disk.append("/n/a.md", contents: " last words")
        try await harness.send(.modified("/n/a.md"))
        try await harness.stop(task)  // no time passes: the stop itself flushes
        #expect(try await harness.fixture.row("/n/a.md")?.words == 12)
        #expect(harness.activities.all.last == .stopped)
    }

    @Test("catches up at the start: changes made while nothing watched are stored")
    func startupUpdate() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        try harness.disk.append("/n/a.md", contents: " offline")
        let task = try await harness.start()
        #expect(try await harness.fixture.row("/n/a.md")?.words == 11)
        try await harness.stop(task)
    }

    @Test("watches tracked folders with their subfolders, and the folder of each file tracked by name")
    func watchedFolders() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: "a")
        try harness.disk.write("/n/sub/b.md", contents: "b")
        try harness.disk.write("/letters/to-anna.txt", contents: "dear anna")
        try await harness.fixture.track("/n", "/letters/to-anna.txt")
        let task = try await harness.start()
        #expect(
            harness.monitor.watchedFolders == [
                WatchedFolder(path: "/n", recursive: true), WatchedFolder(path: "/letters", recursive: false),
            ])
        #expect(harness.activities.all.contains(.watching(monitor: "scripted", files: 3, folders: 2)))
        try await harness.stop(task)
    }

    @Test("a monitor out of watches stops the watcher with an error the caller can fall back on")
    func watchLimit() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: "a")
        try await harness.fixture.track("/n")
        harness.monitor.refuseToWatch(with: .watchLimitReached(path: "/n"))
        await #expect(throws: FileMonitorError.watchLimitReached(path: "/n")) {
            try await harness.watcher.run()
        }
    }

    @Test("a run that loses a race with another writer is tried again after the debounce, three times at most")
    func retries() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let harness = WatchHarness(store: store)
        try harness.disk.write("/n/a.md", contents: Fixture.words(10))
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        store.failNextCommits(1)
        try harness.disk.append("/n/a.md", contents: " again")
        try await harness.send(.modified("/n/a.md"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "a retry") {
            $0.contains { if case .retrying = $0 { true } else { false } }
        }
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the recount") { $0.contains(.recounted(["/n/a.md"])) }
        #expect(try await harness.fixture.row("/n/a.md")?.words == 11)

        store.failNextCommits(10)
        try harness.disk.append("/n/a.md", contents: " and again")
        try await harness.send(.modified("/n/a.md"))
        for _ in 0...WatcherTests.maximumRetries {
            let handled = harness.activities.count { if case .retrying = $0 { true } else { false } }
            harness.passQuietPeriod()
            try await harness.activities.wait(for: "another attempt") { log in
                log.filter { if case .retrying = $0 { true } else { false } }.count > handled
                    || log.contains { if case .failed = $0 { true } else { false } }
            }
        }
        let failures = harness.activities.all.filter { if case .failed = $0 { true } else { false } }
        #expect(failures.count == 1)
        #expect(
            harness.activities.count { if case .retrying = $0 { true } else { false } } == 1
                + WatcherTests.maximumRetries)
        store.stopFailing()
        try await harness.stop(task)
    }

    @Test("a folder renamed inside a tracked folder: its tracked files are followed, not lost")
    func folderRenamed() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/part-1/a.md", contents: Fixture.words(4))
        try await harness.fixture.track("/n")
        let id = try await harness.fixture.row("/n/part-1/a.md")?.id
        let task = try await harness.start()

        try harness.disk.rename("/n/part-1", to: "/n/act-1")
        try await harness.send(.moved(from: "/n/part-1", to: "/n/act-1"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the update") { $0.contains(.reconciled(.gone("/n/part-1"))) }
        #expect(try await harness.fixture.row("/n/act-1/a.md")?.id == id)
        #expect(harness.fixture.recorder.events(of: FileWentMissing.self).isEmpty)
        try await harness.stop(task)
    }

    @Test("a folder that appears in a tracked folder (moved in with its files) has its files tracked")
    func folderAppeared() async throws {
        let harness = WatchHarness()
        try harness.disk.write("/n/a.md", contents: "a")
        try await harness.fixture.track("/n")
        let task = try await harness.start()

        try harness.disk.write("/downloads/research/notes.md", contents: Fixture.words(5))
        try harness.disk.rename("/downloads/research", to: "/n/research")
        try await harness.send(.created("/n/research"))
        harness.passQuietPeriod()
        try await harness.activities.wait(for: "the update") {
            $0.contains(.reconciled(.folderAppeared("/n/research")))
        }
        #expect(try await harness.fixture.row("/n/research/notes.md")?.words == 5)
        try await harness.stop(task)
    }

    static let maximumRetries = 3
}
