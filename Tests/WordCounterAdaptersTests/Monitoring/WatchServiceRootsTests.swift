import Glibc
import Harbor
import HarborTesting
import InMemoryLogging
import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing
import WordCounter
import WordCounterAdapters

/// `serve --root`'s watcher on real files: the local disk, inotify, a real symbolic link. Every
/// wait is for an update the watcher reports having finished; nothing polls, nothing sleeps.
@Suite("Watch service within allowed roots", .timeLimit(.minutes(1)))
struct WatchServiceRootsTests {
    @Test("a symbolic link in a tracked folder to a file outside the roots is never counted, and said once")
    func linkOutside() async throws {
        try await TemporaryFolder.with { folder in
            let files = LocalFileSystem()
            let app = WordCounterApp(
                services: WordCounterServices(persistence: Persistence(store: InMemoryStore()), fileSystem: files))
            let logs = InMemoryLogHandler()
            var logger = Logger(label: "serve-test") { _ in logs }
            logger.logLevel = .warning  // as serve logs
            try folder.write("novel/a.md", "one two three")
            // Stands for /etc/passwd: a file of 34 words outside every root.
            let passwd = try folder.write("outside/passwd", (1...34).map { "root\($0)" }.joined(separator: " "))
            let idea = try folder.write("notes/idea.md", "a link to a file in another root counts")
            try await app.run(TrackFiles(paths: [folder("novel")]))
            try check(symlink(passwd, folder("novel/passwd.md")), "symlink")
            try check(symlink(idea, folder("novel/idea.md")), "symlink")
            let updates = app.services.persistence.events.events(of: WordCountsUpdated.self)
            // A full update every 20 ms: the link is found again by each.
            let configuration = WatchConfiguration(
                reconcileInterval: .milliseconds(20), allowedRoots: AllowedRoots([folder("novel"), folder("notes")]))

            try await testGracefulShutdown { trigger in
                let service = WatchService(app: app, configuration: configuration, logger: logger)
                let running = Task { try await service.run() }
                var finished = updates.makeAsyncIterator()
                for _ in 1...3 { _ = await finished.next() }  // the startup update and two periodic ones
                trigger.triggerGracefulShutdown()
                try await running.value
            }

            let rows = try await app.run(ShowStatus())
            #expect(rows.map(\.path) == [folder("novel/a.md"), folder("novel/idea.md")])
            // The link inside the roots is new writing; passwd's 34 words are nowhere.
            #expect(rows.map(\.today) == [0, 9])
            let really = try files.realPath(of: passwd)
            let warnings = logs.entries.filter { $0.level >= .warning }.map { "\($0.message)" }
            #expect(
                warnings == [
                    "not tracking \(folder("novel/passwd.md")): it leads to \(really), outside the allowed folders (--root)"
                ])
        }
    }
}
