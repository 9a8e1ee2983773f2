import Synchronization

/// A thread-safe list that tests append to from any task.
final class Collected<Element: Sendable>: Sendable {
    private let storage = Mutex<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var values: [Element] { storage.withLock { $0 } }
}

/// Counts how many tasks are inside a region at once, and the most there ever were.
final class ConcurrencyGauge: Sendable {
    private let state = Mutex((current: 0, peak: 0))

    func enter() {
        state.withLock { state in
            state.current += 1
            state.peak = max(state.peak, state.current)
        }
    }

    func leave() { state.withLock { $0.current -= 1 } }

    var peak: Int { state.withLock { $0.peak } }
}

/// A gate tasks wait at until the test opens it.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state -> Bool in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
