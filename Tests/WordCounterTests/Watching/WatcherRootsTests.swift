import Foundation
import Harbor
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// A watcher given roots (`serve --root`): what it finds outside them is not tracked, and said once.
/// On the fake disk, a scripted monitor and a test clock; every step awaits the activity it causes.
@Suite("Watching within allowed roots", .timeLimit(.minutes(1)))
struct WatcherRootsTests {
    /// The watcher's activities as they come, awaited in order: nothing polls, nothing sleeps.
    final class ActivityFeed {
        let report: @Sendable (WatchActivity) -> Void
        private var iterator: AsyncStream<WatchActivity>.Iterator
        /// Everything reported so far, in order.
        private(set) var seen: [WatchActivity] = []

        init() {
            let (stream, continuation) = AsyncStream.makeStream(of: WatchActivity.self)
            report = { continuation.yield($0) }
            iterator = stream.makeAsyncIterator()
        }

        struct Ended: Error {}

        /// Returns once `wanted` is reported.
        func wait(for wanted: WatchActivity) async throws {
            while let next = await iterator.next() {
                seen.append(next)
                if next == wanted { return }
            }
            throw Ended()
        }

        /// The files said to lead outside the roots, in order.
        var skipped: [String] {
            seen.compactMap {
                if case .skippedOutsideRoots(let path, _) = $0 { path } else { nil }
            }
        }
    }

    @Test("a link to a file outside the roots is said once, however many updates find it; again once made anew")
    func saidOnce() async throws {
        let fixture = Fixture()
        let disk = fixture.disk
        try disk.write("/novel/a.md", contents: Fixture.words(10))
        try disk.write("/etc/passwd", contents: Fixture.words(34, prefix: "root"))
        try disk.write("/etc/shadow", contents: Fixture.words(5, prefix: "hash"))
        try disk.write("/notes/idea.md", contents: Fixture.words(7, prefix: "idea"))
        try await fixture.track("/novel")
        try disk.makeSymbolicLink("/novel/passwd.md", to: "/etc/passwd")
        try disk.makeSymbolicLink("/novel/idea.md", to: "/notes/idea.md")

        let monitor = ScriptedMonitor()
        let clock = TestClock()
        let configuration = WatchConfiguration(allowedRoots: AllowedRoots(["/novel", "/notes"]))
        let feed = ActivityFeed()
        let watcher = Watcher(
            app: fixture.app, monitor: monitor, configuration: configuration, clock: clock, onActivity: feed.report)
        let running = Task { try await watcher.run() }
        /// Sends `change`, lets its quiet period pass, and returns once `outcome` is reported.
        func send(_ changes: FileChange..., until outcome: WatchActivity) async throws {
            for change in changes {
                monitor.send(change)
                try await feed.wait(for: .noticed(change))
            }
            clock.advance(by: configuration.debounce)
            try await feed.wait(for: outcome)
        }

        try await feed.wait(for: .reconciled(.startup))
        #expect(feed.seen.contains(.skippedOutsideRoots(path: "/novel/passwd.md", realPath: "/etc/passwd")))
        #expect(try await fixture.status().map(\.path) == ["/novel/a.md", "/novel/idea.md"])

        // Lost events: a full update finds the link again, and says nothing more.
        try await send(.overflow, until: .reconciled(.overflow))
        // New files found by the watcher's own tracking: the one outside said, the other tracked.
        try disk.makeSymbolicLink("/novel/shadow.md", to: "/etc/shadow")
        try disk.write("/novel/b.md", contents: Fixture.words(5, prefix: "b"))
        try await send(.created("/novel/shadow.md"), .created("/novel/b.md"), until: .tracked(["/novel/b.md"]))
        try await send(.overflow, until: .reconciled(.overflow))
        #expect(feed.skipped == ["/novel/passwd.md", "/novel/shadow.md"])

        // Deleted, then made anew after a full update no longer found it: said again.
        try disk.remove("/novel/passwd.md")
        try await send(.overflow, until: .reconciled(.overflow))
        try disk.makeSymbolicLink("/novel/passwd.md", to: "/etc/passwd")
        try await send(.overflow, until: .reconciled(.overflow))
        #expect(feed.skipped == ["/novel/passwd.md", "/novel/shadow.md", "/novel/passwd.md"])

        watcher.stop()
        try await running.value
        let rows = try await fixture.status()
        #expect(rows.map(\.path) == ["/novel/a.md", "/novel/b.md", "/novel/idea.md"])
        #expect(rows.map(\.today) == [0, 5, 7])
        #expect(!feed.seen.contains { if case .failed = $0 { true } else { false } })
    }
}
