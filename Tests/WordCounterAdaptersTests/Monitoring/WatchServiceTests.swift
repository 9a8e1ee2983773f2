import Foundation
import Harbor
import HarborTesting
import InMemoryLogging
import Logging
import ServiceLifecycle
import ServiceLifecycleTestKit
import Testing
import WordCounter
import WordCounterAdapters

@Suite("Watch service")
struct WatchServiceTests {
    /// Services on the local disk and an in-memory store, with a logger whose lines a test reads.
    struct Setup {
        let app = WordCounterApp(
            services: WordCounterServices(
                persistence: Persistence(store: InMemoryStore()), fileSystem: LocalFileSystem()))
        let logs = InMemoryLogHandler()

        var logger: Logger {
            var logger = Logger(label: "watch-test") { _ in logs }
            logger.logLevel = .debug
            return logger
        }

        var messages: [String] { logs.entries.map { "\($0.message)" } }

        func words(at path: String) async throws -> Int? {
            try await app.run(ShowStatus()).first { $0.path == path }?.words
        }

        /// Polls until the watcher has caught up at its start, so later changes must come from the monitor.
        func waitForStartup() async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while !messages.contains("updated every file (startup)") {
                guard ContinuousClock.now < deadline else {
                    Issue.record("the watcher never started; log: \(messages)")
                    return
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }

        /// Polls until the stored count of `path` is `expected`, failing after a generous deadline.
        func waitForCount(_ expected: Int, at path: String) async throws {
            let deadline = ContinuousClock.now + .seconds(60)
            while try await words(at: path) != expected {
                guard ContinuousClock.now < deadline else {
                    Issue.record("the count of \(path) never became \(expected); log: \(messages)")
                    return
                }
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    @Test("keeps a count current with inotify, says so, and returns on graceful shutdown with the work stored")
    func inotify() async throws {
        try await TemporaryFolder.with { folder in
            let setup = Setup()
            let file = try folder.write("novel/a.md", "one two three")
            try await setup.app.run(TrackFiles(paths: [folder("novel")]))
            try await testGracefulShutdown { trigger in
                let service = WatchService(app: setup.app, logger: setup.logger)
                let running = Task { try await service.run() }
                try await setup.waitForStartup()
                try folder.write("novel/a.md", "one two three four five")
                try await setup.waitForCount(5, at: file)
                #expect(setup.messages.contains("watching 1 file in 1 folder with inotify"))
                trigger.triggerGracefulShutdown()
                try await running.value
                #expect(setup.messages.last == "stopped")
            }
        }
    }

    @Test("polls when asked, says so, and still sees changes")
    func polling() async throws {
        try await TemporaryFolder.with { folder in
            let setup = Setup()
            let file = try folder.write("novel/a.md", "one")
            try await setup.app.run(TrackFiles(paths: [folder("novel")]))
            try await testGracefulShutdown { trigger in
                let service = WatchService(
                    app: setup.app, pollInterval: .milliseconds(50), logger: setup.logger)
                let running = Task { try await service.run() }
                try await setup.waitForStartup()
                try folder.write("novel/a.md", "one two")
                try await setup.waitForCount(2, at: file)
                #expect(setup.messages.contains("polling every 0.05 s, as asked (--poll)"))
                #expect(setup.messages.contains("watching 1 file in 1 folder with polling every 0.05 s"))
                trigger.triggerGracefulShutdown()
                try await running.value
            }
        }
    }

    @Test("polls a file system without events (the fake environment's in-memory disk)")
    func inMemoryDisk() async throws {
        let disk = InMemoryFileSystem()
        try disk.write("/n/a.md", contents: "one")
        let setup = Setup()
        let app = WordCounterApp(
            services: WordCounterServices(persistence: setup.app.services.persistence, fileSystem: disk))
        try await app.run(TrackFiles(paths: ["/n"]))
        try await testGracefulShutdown { trigger in
            let service = WatchService(app: app, logger: setup.logger)
            let running = Task { try await service.run() }
            try await setup.waitForStartup()
            #expect(setup.messages.contains("this file system has no change events; polling instead"))
            #expect(setup.messages.contains("watching 1 file in 1 folder with polling every 2 s"))
            trigger.triggerGracefulShutdown()
            try await running.value
        }
    }
}
