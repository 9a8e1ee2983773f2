import Synchronization

/// Wakes a waiting test once a sync has stored a number of artists.
final class StoredCount: Sendable {
    private let state = Mutex<(count: Int, waiters: [(Int, CheckedContinuation<Void, Never>)])>((0, []))

    func reached(_ count: Int) {
        let ready = state.withLock { state in
            state.count = max(state.count, count)
            let ready = state.waiters.filter { $0.0 <= state.count }
            state.waiters.removeAll { $0.0 <= state.count }
            return ready.map(\.1)
        }
        for continuation in ready { continuation.resume() }
    }

    func wait(for count: Int) async {
        await withCheckedContinuation { continuation in
            let now = state.withLock { state in
                if state.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }
}
