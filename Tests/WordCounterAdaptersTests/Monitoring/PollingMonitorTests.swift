import Foundation
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

@Suite("Polling monitor")
struct PollingMonitorTests {
    @Test("each look reports files created, modified, saved atomically, removed and renamed since the last")
    func differences() async throws {
        let disk = InMemoryFileSystem()
        try disk.write("/n/edited.md", contents: "a")
        try disk.write("/n/saved.md", contents: "a")
        try disk.write("/n/deleted.md", contents: "a")
        try disk.write("/n/old-name.md", contents: "a")
        try disk.write("/n/same.md", contents: "a")
        let clock = TestClock()
        let monitor = PollingMonitor(fileSystem: disk, interval: .seconds(2), clock: clock)
        try monitor.watch([WatchedFolder(path: "/n", recursive: true)])
        let collector = ChangeCollector(monitor.changes())
        defer { collector.stop() }

        try disk.append("/n/edited.md", contents: " b")
        try disk.atomicallySave("/n/saved.md", contents: "b")
        try disk.remove("/n/deleted.md")
        try disk.write("/n/sub/new.md", contents: "c")
        try disk.rename("/n/old-name.md", to: "/n/sub/new-name.md")
        try disk.write("/n/.hidden.md", contents: "c")
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(2))
        let expected: Set<FileChange> = [
            .modified("/n/edited.md"), .modified("/n/saved.md"), .removed("/n/deleted.md"),
            .removed("/n/old-name.md"), .created("/n/sub/new-name.md"), .created("/n/sub/new.md"),
        ]
        try await collector.wait(for: "six changes") { $0.count >= 6 }
        #expect(Set(collector.all) == expected)
        #expect(collector.all.count == 6)
    }

    @Test("a folder watched again keeps its last look, so nothing between looks is lost")
    func rewatching() async throws {
        let disk = InMemoryFileSystem()
        try disk.write("/n/a.md", contents: "a")
        let clock = TestClock()
        let monitor = PollingMonitor(fileSystem: disk, interval: .seconds(1), clock: clock)
        try monitor.watch([WatchedFolder(path: "/n", recursive: true)])
        let collector = ChangeCollector(monitor.changes())
        defer { collector.stop() }
        try disk.append("/n/a.md", contents: " b")
        try monitor.watch([WatchedFolder(path: "/n", recursive: true)])
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(1))
        try await collector.wait(for: .modified("/n/a.md"))
    }

    @Test("says how often it looks")
    func description() {
        #expect(
            PollingMonitor(fileSystem: InMemoryFileSystem(), interval: .seconds(2)).description == "polling every 2 s")
        #expect(
            PollingMonitor(fileSystem: InMemoryFileSystem(), interval: .milliseconds(500)).description
                == "polling every 0.5 s")
    }

    @Test("on the local disk, a file appended to is seen at the next look")
    func localDisk() async throws {
        try await TemporaryFolder.with { folder in
            let file = try folder.write("a.md", "one")
            let monitor = PollingMonitor(fileSystem: LocalFileSystem(), interval: .milliseconds(20))
            try monitor.watch([WatchedFolder(path: folder.path, recursive: true)])
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try folder.write("a.md", "one two three four")
            try await collector.wait(for: .modified(file))
        }
    }
}
