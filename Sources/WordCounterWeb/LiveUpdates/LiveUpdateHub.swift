public import Harbor
import Synchronization

/// Fans the domain events of one `EventBus` out to every connected live client.
///
/// Guarantees:
/// - A client receives every message published after it connected, in publishing order, until
///   it disconnects or the hub closes; a client that falls more than `bufferSize` messages behind
///   loses the oldest (the dashboard reloads on any message, so the newest is what matters).
/// - A slow client never delays publishing: delivery only appends to the client's buffer.
/// - After ``close()`` every stream ends and new ones end at once.
public final class LiveUpdateHub: Sendable {
    private struct State {
        var clients: [Int: AsyncStream<LiveUpdate>.Continuation] = [:]
        var nextClient = 0
        var sequence = 0
        var closed = false
        var waiters: [(count: ClosedRange<Int>, continuation: CheckedContinuation<Void, Never>)] = []

        /// The waiters whose count is reached, removed from the list.
        mutating func satisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let count = clients.count
            let ready = waiters.filter { closed || $0.count.contains(count) }
            waiters.removeAll { closed || $0.count.contains(count) }
            return ready.map(\.continuation)
        }
    }

    private let state = Mutex(State())
    private let bufferSize: Int
    private let subscription = Mutex<Subscription?>(nil)

    /// Creates a hub that relays the events of `events`; each client buffers up to `bufferSize` messages.
    public convenience init(events: EventBus, bufferSize: Int = 256) {
        self.init(bufferSize: bufferSize)
        let token = events.subscribeToAll { [weak self] event in
            guard let object = LiveUpdateObject(event) else { return }
            self?.broadcast(object)
        }
        subscription.withLock { $0 = token }
    }

    /// Creates a hub fed only through ``broadcast(_:)``; each client buffers up to `bufferSize` messages.
    public init(bufferSize: Int = 256) {
        self.bufferSize = max(1, bufferSize)
    }

    /// A new client's stream of messages; it ends when the hub closes, and disconnects when dropped.
    public func connect() -> AsyncStream<LiveUpdate> {
        let (stream, continuation) = AsyncStream<LiveUpdate>.makeStream(
            bufferingPolicy: .bufferingNewest(bufferSize))
        let (id, accepted, ready) = state.withLock { state in
            guard !state.closed else { return (0, false, [CheckedContinuation<Void, Never>]()) }
            state.nextClient += 1
            state.clients[state.nextClient] = continuation
            return (state.nextClient, true, state.satisfiedWaiters())
        }
        guard accepted else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                _ = state.clients.removeValue(forKey: id)
                return state.satisfiedWaiters()
            }
            for waiter in ready { waiter.resume() }
        }
        for waiter in ready { waiter.resume() }
        return stream
    }

    /// Sends `object` to every connected client.
    public func broadcast(_ object: LiveUpdateObject) {
        let (sequence, clients) = state.withLock { state in
            state.sequence += 1
            return (state.sequence, Array(state.clients.values))
        }
        let update = LiveUpdate(sequence: sequence, object: object)
        for client in clients { client.yield(update) }
    }

    /// Ends every stream, now and for clients that connect later.
    public func close() {
        let (clients, ready) = state.withLock { state in
            state.closed = true
            defer { state.clients = [:] }
            return (Array(state.clients.values), state.satisfiedWaiters())
        }
        for client in clients { client.finish() }
        for waiter in ready { waiter.resume() }
    }

    /// Ends every open stream but stays open: clients may connect again (browsers do, after the
    /// stream's retry delay, and the dashboard then fetches fresh numbers).
    public func disconnectAll() {
        let clients = state.withLock { state in
            defer { state.clients = [:] }
            return Array(state.clients.values)
        }
        for client in clients { client.finish() }
    }

    /// How many clients are connected.
    public var clientCount: Int { state.withLock { $0.clients.count } }

    /// Returns once at least `count` clients are connected (or the hub is closed).
    ///
    /// For tests and tools that must not publish before a client listens.
    public func waitForClients(_ count: Int) async {
        await waitForClientCount(in: count...Int.max)
    }

    /// Returns once at most `count` clients are connected (or the hub is closed): for tests and
    /// tools that check that clients which went away were let go.
    public func waitForClients(atMost count: Int) async {
        await waitForClientCount(in: 0...max(0, count))
    }

    private func waitForClientCount(in range: ClosedRange<Int>) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.closed || range.contains(state.clients.count) { return true }
                state.waiters.append((range, continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
