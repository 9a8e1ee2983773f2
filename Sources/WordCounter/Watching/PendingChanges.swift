/// Paths waiting for their quiet period: the watcher's per-path debounce, as a value.
///
/// A path is due `debounce` after its last change, but never later than `maximumDelay` after its
/// first one. Since every path gets the same `debounce`, a new change never makes the earliest
/// deadline earlier, which lets the watcher sleep until ``nextDeadline`` without missing one.
/// (swift-async-algorithms' `debounce` keeps one element for the whole sequence; this keeps
/// every path, each with its own deadline.)
struct PendingChanges<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// What is due: paths in the order they were first noticed, and whether to reconcile all.
    struct Batch: Sendable, Equatable {
        var paths: [String] = []
        var reconcile = false

        var isEmpty: Bool { paths.isEmpty && !reconcile }
    }

    private struct Entry: Sendable {
        var order: Int
        var first: Instant
        var deadline: Instant
    }

    let debounce: Duration
    let maximumDelay: Duration
    private var entries: [String: Entry] = [:]
    private var reconcileDeadline: Instant?
    private var nextOrder = 0

    init(debounce: Duration, maximumDelay: Duration) {
        self.debounce = debounce
        self.maximumDelay = max(debounce, maximumDelay)
    }

    /// Whether nothing waits.
    var isEmpty: Bool { entries.isEmpty && reconcileDeadline == nil }

    /// The earliest moment something is due; nil when nothing waits.
    var nextDeadline: Instant? {
        let earliest = entries.values.map(\.deadline).min()
        guard let reconcileDeadline else { return earliest }
        return earliest.map { min($0, reconcileDeadline) } ?? reconcileDeadline
    }

    /// Notes `change`, seen at `now`.
    mutating func note(_ change: FileChange, at now: Instant) {
        if change == .overflow {
            reconcileDeadline = reconcileDeadline ?? now.advanced(by: debounce)
            return
        }
        for path in change.paths {
            if var entry = entries[path] {
                entry.deadline = min(now.advanced(by: debounce), entry.first.advanced(by: maximumDelay))
                entries[path] = entry
            } else {
                entries[path] = Entry(order: nextOrder, first: now, deadline: now.advanced(by: debounce))
                nextOrder += 1
            }
        }
    }

    /// Removes and returns what is due at `now`.
    mutating func takeDue(at now: Instant) -> Batch {
        take { $0 <= now }
    }

    /// Removes and returns everything, due or not (when the watcher stops).
    mutating func takeAll() -> Batch {
        take { _ in true }
    }

    private mutating func take(where isDue: (Instant) -> Bool) -> Batch {
        var batch = Batch()
        if let deadline = reconcileDeadline, isDue(deadline) {
            batch.reconcile = true
            reconcileDeadline = nil
        }
        let due = entries.filter { isDue($0.value.deadline) }.sorted { $0.value.order < $1.value.order }
        for (path, _) in due { entries[path] = nil }
        batch.paths = due.map(\.key)
        return batch
    }
}
