import Synchronization

/// Holds arriving tasks until a group of a given size is there, then lets that group go and
/// starts the next one: a reusable barrier.
final class Rendezvous: Sendable {
    private let state = Mutex<[CheckedContinuation<Void, Never>]>([])

    /// Suspends until `size` tasks, this one included, have arrived since the last group left.
    func arrive(inGroupsOf size: Int) async {
        await withCheckedContinuation { continuation in
            let group = state.withLock { waiting -> [CheckedContinuation<Void, Never>] in
                waiting.append(continuation)
                guard waiting.count >= size else { return [] }
                defer { waiting = [] }
                return waiting
            }
            for member in group { member.resume() }
        }
    }
}
