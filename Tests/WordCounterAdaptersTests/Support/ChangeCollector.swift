import Synchronization
import Testing
import WordCounter

/// Iterates a monitor's changes in the background and keeps them for a test to wait on.
final class ChangeCollector: Sendable {
    private let changes = Mutex<[FileChange]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// Starts iterating `stream`.
    init(_ stream: AsyncStream<FileChange>) {
        let iteration = Task { [self] in
            for await change in stream { append(change) }
        }
        task.withLock { $0 = iteration }
    }

    private func append(_ change: FileChange) { changes.withLock { $0.append(change) } }

    /// What came so far, in order.
    var all: [FileChange] { changes.withLock { $0 } }

    /// Polls until `condition` holds, failing after a generous deadline (waiting for an outcome, not timing it).
    func wait(for what: String, _ condition: ([FileChange]) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(all) {
            guard ContinuousClock.now < deadline else {
                Issue.record("waited 60 s for \(what); saw \(all)")
                throw CollectorTimedOut()
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Waits until `change` has come.
    func wait(for change: FileChange) async throws {
        try await wait(for: "\(change)") { $0.contains(change) }
    }

    /// Stops iterating, which ends the monitor's stream.
    func stop() {
        task.withLock { $0?.cancel() }
    }
}

struct CollectorTimedOut: Error {}
