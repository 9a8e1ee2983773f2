import Foundation
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

@Suite("inotify monitor, on real folders")
struct InotifyMonitorTests {
    @Test("a file written and closed is reported, created then modified")
    func writeAndClose() async throws {
        try await TemporaryFolder.with { folder in
            let monitor = try InotifyMonitor()
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try monitor.watch([WatchedFolder(path: folder.path, recursive: true)])
            let file = try folder.write("a.md", "one two")
            try await collector.wait(for: .modified(file))
            #expect(collector.all.first == .created(file))
        }
    }

    @Test("a rename's two halves are paired by cookie into one move")
    func rename() async throws {
        try await TemporaryFolder.with { folder in
            try folder.write("draft.md", "words")
            let monitor = try InotifyMonitor()
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try monitor.watch([WatchedFolder(path: folder.path, recursive: true)])
            try folder.rename("draft.md", to: "chapter.md")
            try await collector.wait(for: .moved(from: folder("draft.md"), to: folder("chapter.md")))
            #expect(!collector.all.contains(.removed(folder("draft.md"))))
        }
    }

    @Test("an atomic save is a move of the temporary file onto the saved path")
    func atomicSave() async throws {
        try await TemporaryFolder.with { folder in
            try folder.write("a.md", "old words")
            let monitor = try InotifyMonitor()
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try monitor.watch([WatchedFolder(path: folder.path, recursive: true)])
            try folder.write(".a.md.tmp", "new words here")
            try folder.rename(".a.md.tmp", to: "a.md")
            try await collector.wait(for: .moved(from: folder(".a.md.tmp"), to: folder("a.md")))
        }
    }

    @Test("moved out of the watched folders is a removal (after the move timeout); moved in is a creation")
    func movesAcrossTheBoundary() async throws {
        try await TemporaryFolder.with { folder in
            try folder.write("watched/out.md", "leaving")
            try folder.write("elsewhere/in.md", "arriving")
            let monitor = try InotifyMonitor(moveTimeout: .milliseconds(20))
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try monitor.watch([WatchedFolder(path: folder("watched"), recursive: true)])
            try folder.rename("watched/out.md", to: "elsewhere/out.md")
            try folder.rename("elsewhere/in.md", to: "watched/in.md")
            try await collector.wait(for: .removed(folder("watched/out.md")))
            try await collector.wait(for: .created(folder("watched/in.md")))
            #expect(!collector.all.contains { if case .moved = $0 { true } else { false } })
        }
    }

    @Test("a deleted file is reported removed")
    func delete() async throws {
        try await TemporaryFolder.with { folder in
            try folder.write("a.md", "words")
            let monitor = try InotifyMonitor()
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try monitor.watch([WatchedFolder(path: folder.path, recursive: false)])
            try folder.deleteFile("a.md")
            try await collector.wait(for: .removed(folder("a.md")))
        }
    }

    @Test("visible subfolders are watched, hidden ones not; new subfolders are watched as they appear")
    func subfolders() async throws {
        try await TemporaryFolder.with { folder in
            try folder.createFolder("part-1/scenes")
            try folder.createFolder(".git/objects")
            let monitor = try InotifyMonitor()
            let collector = ChangeCollector(monitor.changes())
            defer { collector.stop() }
            try monitor.watch([WatchedFolder(path: folder.path, recursive: true)])
            #expect(monitor.watchCount == 3)  // the folder, part-1, part-1/scenes

            try folder.createFolder("part-2")
            try await collector.wait(for: .created(folder("part-2")))
            let file = try folder.write("part-2/chapter.md", "new words")
            try await collector.wait(for: .modified(file))
            #expect(monitor.watchCount == 4)
        }
    }

    @Test("a new watch set replaces the old one; a folder that is not there is skipped")
    func replacingTheSet() throws {
        try TemporaryFolder.with { folder in
            try folder.createFolder("a/sub")
            try folder.createFolder("b")
            let monitor = try InotifyMonitor()
            try monitor.watch([WatchedFolder(path: folder("a"), recursive: true)])
            #expect(monitor.watchCount == 2)
            try monitor.watch([
                WatchedFolder(path: folder("b"), recursive: false),
                WatchedFolder(path: folder("gone"), recursive: true),
            ])
            #expect(monitor.watchCount == 1)
        }
    }
}
