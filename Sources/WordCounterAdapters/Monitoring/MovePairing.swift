import WordCounter

/// Pairs inotify's `IN_MOVED_FROM` and `IN_MOVED_TO` halves of a rename by their cookie.
///
/// The two halves are not guaranteed to arrive in one read, and a move out of the watched
/// folders has no second half at all: a first half waits up to `timeout` for its partner, then
/// counts as a removal. A second half without a first is a creation (moved in from elsewhere).
/// Pure, with time passed in, so tests decide when time is up.
struct MovePairing<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    private struct Waiting: Sendable {
        var cookie: UInt32
        var path: String
        var deadline: Instant
    }

    let timeout: Duration
    private var waiting: [Waiting] = []

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// When the oldest first half stops waiting; nil when none waits.
    var nextDeadline: Instant? { waiting.first?.deadline }

    /// A first half: `path` was moved away; its partner may follow.
    mutating func movedFrom(_ path: String, cookie: UInt32, at now: Instant) {
        waiting.append(Waiting(cookie: cookie, path: path, deadline: now.advanced(by: timeout)))
    }

    /// A second half: something was moved to `path`; a move when its first half waits, else a creation.
    mutating func movedTo(_ path: String, cookie: UInt32) -> FileChange {
        guard let index = waiting.firstIndex(where: { $0.cookie == cookie }) else { return .created(path) }
        return .moved(from: waiting.remove(at: index).path, to: path)
    }

    /// The first halves whose time is up at `now`, as removals, oldest first.
    mutating func expire(at now: Instant) -> [FileChange] {
        let expired = waiting.prefix { $0.deadline <= now }
        waiting.removeFirst(expired.count)
        return expired.map { .removed($0.path) }
    }

    /// Every first half still waiting, as removals (when reading stops).
    mutating func expireAll() -> [FileChange] {
        defer { waiting.removeAll() }
        return waiting.map { .removed($0.path) }
    }
}
