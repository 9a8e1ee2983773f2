import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing
import WordCounter
import WordCounterAdapters

/// The watcher with its real parts: inotify, the local disk, real time. Outcomes are awaited by
/// polling the store with a generous deadline; nothing asserts a speed.
@Suite("Watcher on a real folder with inotify")
struct WatcherOnDiskTests {
    struct Setup {
        let persistence = Persistence(store: InMemoryStore())
        let app: WordCounterApp
        let recorder: EventRecorder

        init() {
            app = WordCounterApp(services: WordCounterServices(persistence: persistence, fileSystem: LocalFileSystem()))
            recorder = EventRecorder(persistence.events)
        }

        func rows() async throws -> [FileStatusRow] {
            try await app.run(ShowStatus())
        }

        /// Polls until `condition` holds for the stored rows, failing after 60 s.
        func wait(for what: String, _ condition: ([FileStatusRow]) -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while !condition(try await rows()) {
                guard ContinuousClock.now < deadline else {
                    Issue.record("waited 60 s for \(what); rows: \(try await rows())")
                    return
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    /// Runs a watcher over `body`, then stops it gracefully.
    static func watching(_ setup: Setup, _ body: () async throws -> Void) async throws {
        let started = StartupSignal()
        let watcher = Watcher(app: setup.app, monitor: try InotifyMonitor()) { activity in
            if activity == .reconciled(.startup) { started.fire() }
        }
        let running = Task { try await watcher.run() }
        let deadline = ContinuousClock.now + .seconds(60)
        while !started.fired, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        try await body()
        watcher.stop()
        try await running.value
    }

    @Test("atomic save, rename, new file, delete: counts, moves and missing files as `update` would store them")
    func editingSession() async throws {
        try await TemporaryFolder.with { folder in
            let setup = Setup()
            try folder.write("novel/a.md", "one two three")
            try folder.write("novel/b.md", "four five")
            try await setup.app.run(TrackFiles(paths: [folder("novel")]))
            let ids = Dictionary(uniqueKeysWithValues: try await setup.rows().map { ($0.path, $0.id) })

            try await Self.watching(setup) {
                // An editor's atomic save: a temporary file renamed over the saved one.
                try folder.write("novel/.a.md.swp", "one two three four")
                try folder.rename("novel/.a.md.swp", to: "novel/a.md")
                try await setup.wait(for: "the atomic save") {
                    $0.first { $0.path == folder("novel/a.md") }?.words == 4
                }

                try folder.rename("novel/b.md", to: "novel/b-renamed.md")
                try await setup.wait(for: "the rename") { $0.contains { $0.path == folder("novel/b-renamed.md") } }

                try folder.write("novel/part-2/c.md", "six seven eight")
                try await setup.wait(for: "the new file") { $0.contains { $0.path == folder("novel/part-2/c.md") } }

                try folder.deleteFile("novel/a.md")
                try await setup.wait(for: "the deletion") {
                    $0.first { $0.path == folder("novel/a.md") }?.status == .missing
                }
            }
            let rows = try await setup.rows()
            #expect(rows.first { $0.path == folder("novel/a.md") }?.id == ids[folder("novel/a.md")])
            #expect(rows.first { $0.path == folder("novel/b-renamed.md") }?.id == ids[folder("novel/b.md")])
            #expect(rows.first { $0.path == folder("novel/part-2/c.md") }?.words == 3)
            #expect(setup.recorder.events(of: FileMoved.self).map(\.to) == [folder("novel/b-renamed.md")])
            #expect(setup.recorder.events(of: FileWentMissing.self).map(\.path) == [folder("novel/a.md")])
            #expect(!rows.contains { $0.path.hasSuffix(".swp") })
        }
    }
}

/// Set once the watcher has caught up at its start.
final class StartupSignal: Sendable {
    private let state = Mutex(false)

    func fire() { state.withLock { $0 = true } }

    var fired: Bool { state.withLock { $0 } }
}
