import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing
import WordCounter
import WordCounterAdapters

/// A watcher on the fake environment: in-memory disk and store, a scripted monitor, a test clock.
///
/// Time moves only when a test advances the clock, so a debounce is passed or not, never raced.
final class WatchHarness: Sendable {
    let fixture: Fixture
    let monitor = ScriptedMonitor()
    let clock = TestClock()
    let activities = ActivityLog()
    let configuration: WatchConfiguration
    let watcher: Watcher<TestClock>
    private let runs = StartedRuns()
    private let observation: Subscription

    init(configuration: WatchConfiguration = WatchConfiguration(), store: any Store = InMemoryStore()) {
        fixture = Fixture(store: store)
        self.configuration = configuration
        let activities = activities
        watcher = Watcher(
            app: fixture.app, monitor: monitor, configuration: configuration, clock: clock,
            onActivity: { activities.append($0) })
        let runs = runs
        observation = fixture.app.observe { event in
            if case .started(let info) = event { runs.names.withLock { $0.append(info.useCaseName) } }
        }
    }

    var disk: InMemoryFileSystem { fixture.disk }

    /// Names of the use cases started since the harness was made, in order.
    var startedRuns: [String] { runs.names.withLock { $0 } }

    /// How many runs of `name` started.
    func runCount(_ name: String) -> Int { startedRuns.filter { $0 == name }.count }

    /// Starts the watcher and waits until its first update is done.
    func start() async throws -> Task<Void, any Error> {
        let watcher = watcher
        let task = Task { try await watcher.run() }
        try await activities.wait(for: "the startup update") { $0.contains(.reconciled(.startup)) }
        return task
    }

    /// Sends `change` and waits until the watcher has noted it, so the clock is advanced after it.
    func send(_ change: FileChange) async throws {
        let before = activities.count { $0 == .noticed(change) }
        monitor.send(change)
        try await activities.wait(for: "\(change) noticed") { log in
            log.filter { $0 == .noticed(change) }.count > before
        }
    }

    /// Moves time past the debounce.
    func passQuietPeriod() {
        clock.advance(by: configuration.debounce)
    }

    /// Stops the watcher gracefully and waits for `run()` to return.
    func stop(_ task: Task<Void, any Error>) async throws {
        watcher.stop()
        try await task.value
    }
}

/// What a watcher reported, kept for tests to wait on and look at.
final class ActivityLog: Sendable {
    private let entries = Mutex<[WatchActivity]>([])

    func append(_ activity: WatchActivity) { entries.withLock { $0.append(activity) } }

    var all: [WatchActivity] { entries.withLock { $0 } }

    func count(where predicate: (WatchActivity) -> Bool) -> Int { all.filter(predicate).count }

    /// Polls until `condition` holds for the log, failing after a generous deadline (not a speed test).
    func wait(for what: String, _ condition: ([WatchActivity]) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(all) {
            guard ContinuousClock.now < deadline else {
                Issue.record("waited 60 s for \(what); saw \(all)")
                throw WaitTimedOut()
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// How many activities of the watcher handled a batch (recount, track, update all).
    var handledBatches: Int {
        count { activity in
            switch activity {
            case .recounted, .tracked, .reconciled: true
            default: false
            }
        }
    }
}

struct WaitTimedOut: Error {}

/// The names of the use cases a runner started.
final class StartedRuns: Sendable {
    let names = Mutex<[String]>([])
}
