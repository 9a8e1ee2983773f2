import Synchronization

/// Counts how many tasks are inside a region at once, and the most there ever were.
package final class ConcurrencyGauge: Sendable {
    package init() {}

    private let state = Mutex((current: 0, peak: 0))

    package func enter() {
        state.withLock { state in
            state.current += 1
            state.peak = max(state.peak, state.current)
        }
    }

    package func leave() { state.withLock { $0.current -= 1 } }

    package var peak: Int { state.withLock { $0.peak } }
}
