import WordCounter

/// Pairs inotify's `IN_MOVED_FROM` and `IN_MOVED_TO` halves of a rename by their cookie, and
/// keeps every change in the order the kernel reported it.
///
/// The two halves are not guaranteed to arrive in one read, and a move out of the watched
/// folders has no second half at all: a first half waits up to `timeout` for its partner, then
/// counts as a removal. A second half without a first is a creation (moved in from elsewhere).
/// The changes after a waiting first half wait behind it, so a removal is never told after what
/// happened later (a watcher that has seen a later change has seen every earlier one).
/// Pure, with time passed in, so tests decide when time is up.
struct MovePairing<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// A change in line: told, or a first half waiting for its partner.
    private enum Entry: Sendable {
        case ready(FileChange)
        case waiting(cookie: UInt32, path: String, deadline: Instant)
    }

    let timeout: Duration
    private var line: [Entry] = []

    init(timeout: Duration) {
        self.timeout = timeout
    }

    /// When the oldest first half stops waiting; nil when none waits.
    var nextDeadline: Instant? {
        for entry in line {
            if case .waiting(_, _, let deadline) = entry { return deadline }
        }
        return nil
    }

    /// A change that needs no partner, in line after those before it.
    mutating func append(_ change: FileChange) {
        line.append(.ready(change))
    }

    /// A first half: `path` was moved away; its partner may follow.
    mutating func movedFrom(_ path: String, cookie: UInt32, at now: Instant) {
        line.append(.waiting(cookie: cookie, path: path, deadline: now.advanced(by: timeout)))
    }

    /// A second half: something was moved to `path`; a move, in its first half's place, when
    /// that half waits, else a creation.
    mutating func movedTo(_ path: String, cookie: UInt32) {
        let index = line.firstIndex { entry in
            if case .waiting(let waiting, _, _) = entry { return waiting == cookie }
            return false
        }
        guard let index, case .waiting(_, let from, _) = line[index] else {
            line.append(.ready(.created(path)))
            return
        }
        line[index] = .ready(.moved(from: from, to: path))
    }

    /// Turns the first halves whose time is up at `now` into removals, and takes the changes
    /// that wait for nothing before them, oldest first.
    mutating func take(at now: Instant) -> [FileChange] {
        for (index, entry) in line.enumerated() {
            if case .waiting(_, let path, let deadline) = entry, deadline <= now {
                line[index] = .ready(.removed(path))
            }
        }
        var taken: [FileChange] = []
        while case .ready(let change)? = line.first {
            taken.append(change)
            line.removeFirst()
        }
        return taken
    }
}
