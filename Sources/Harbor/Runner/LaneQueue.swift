import DequeModule
import Synchronization

/// The waiting line of one lane: a FIFO semaphore whose places are reserved synchronously.
///
/// Reserving at submission time (``reserve()``) and waiting later (``wait(for:)``) keeps
/// submission order even though the waiting tasks start in any order. A free lane grants a
/// reservation at once, without suspending, which keeps a serial run as cheap as a call.
final class LaneQueue: Sendable {
    /// A place in the line: granted at once, or queued with a number.
    enum Ticket: Sendable {
        case granted
        case queued(UInt64)
    }

    private struct Waiter {
        let number: UInt64
        var continuation: UnsafeContinuation<Void, any Error>?
    }

    private struct State {
        var running = 0
        var nextNumber: UInt64 = 0
        var waiters = Deque<Waiter>()
        /// Numbers whose turn came before their task started waiting.
        var grantedEarly = Set<UInt64>()

        /// Binary search: waiters are appended with growing numbers and only ever removed, so
        /// the line stays sorted, and a long line costs log n per lookup rather than n.
        func index(of number: UInt64) -> Int? {
            var low = 0
            var high = waiters.count
            while low < high {
                let middle = (low + high) / 2
                if waiters[middle].number < number { low = middle + 1 } else { high = middle }
            }
            return low < waiters.count && waiters[low].number == number ? low : nil
        }
    }

    let limit: Int
    private let state = Mutex(State())

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place in the line now; pair it with exactly one ``wait(for:)``.
    func reserve() -> Ticket {
        state.withLock { state in
            if state.running < limit && state.waiters.isEmpty {
                state.running += 1
                return .granted
            }
            state.nextNumber += 1
            state.waiters.append(Waiter(number: state.nextNumber, continuation: nil))
            return .queued(state.nextNumber)
        }
    }

    /// Suspends until the ticket's turn; once it returns, the caller holds a slot until ``release()``.
    /// - Throws: `CancellationError` when the task is cancelled while still queued (no slot is held then).
    func wait(for ticket: Ticket) async throws {
        guard case .queued(let number) = ticket else { return }
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    if state.grantedEarly.remove(number) != nil { return .success(()) }
                    guard let index = state.index(of: number) else {
                        return .failure(CancellationError())
                    }
                    // Cancellation sets the flag before the handler runs, so checking it under the
                    // lock closes the window between this check and the handler's removal.
                    if Task.isCancelled {
                        state.waiters.remove(at: index)
                        return .failure(CancellationError())
                    }
                    state.waiters[index].continuation = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
                guard let index = state.index(of: number),
                    let continuation = state.waiters[index].continuation
                else { return nil }
                state.waiters.remove(at: index)
                return continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Gives up a slot: hands it to the first in line, or frees it.
    func release() {
        let next = state.withLock { state -> UnsafeContinuation<Void, any Error>? in
            guard let first = state.waiters.popFirst() else {
                state.running -= 1
                return nil
            }
            guard let continuation = first.continuation else {
                state.grantedEarly.insert(first.number)
                return nil
            }
            return continuation
        }
        next?.resume()
    }
}
