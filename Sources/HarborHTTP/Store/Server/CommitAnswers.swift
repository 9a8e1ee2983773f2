import Hummingbird
import NIOCore

/// The answers the store server gave to commits sent with an `Idempotency-Key`, kept for a
/// bounded time, so that a client whose answer was lost can send the same commit again and get
/// the first answer instead of applying it twice.
///
/// Guarantees:
/// - A commit runs at most once per key while its answer is kept: a second request with the key
///   that arrives while the first still runs waits for it and gets its answer.
/// - The commit runs to its end even when the client that sent it disconnects.
/// - Answers are kept for ``retention`` and at most ``capacity`` of them, the oldest dropped first.
///   An answer of 5xx (the store could not be reached: nothing was applied) is not kept, so a retry
///   runs the commit again.
actor CommitAnswers {
    /// One answer, as sent.
    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let body: ByteBuffer
    }

    private struct Entry {
        let answer: Task<Answer, Never>
        let createdAt: ContinuousClock.Instant
    }

    /// How long an answer is kept.
    let retention: Duration
    /// The most answers kept at once.
    let capacity: Int
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var orderStart = 0

    init(retention: Duration, capacity: Int) {
        self.retention = retention
        self.capacity = max(1, capacity)
    }

    /// The answer for `key`: the kept one, or the one `produce` gives, kept for later.
    func answer(for key: String, produce: @escaping @Sendable () async -> Answer) async -> Answer {
        dropExpired()
        if let entry = entries[key] { return await entry.answer.value }
        let task = Task { await produce() }
        entries[key] = Entry(answer: task, createdAt: .now)
        order.append(key)
        let answer = await task.value
        if answer.status.code >= 500 { entries[key] = nil }
        return answer
    }

    /// Drops answers older than the retention and the oldest beyond the capacity.
    private func dropExpired() {
        let now = ContinuousClock.now
        while orderStart < order.count {
            let key = order[orderStart]
            guard let entry = entries[key] else {
                orderStart += 1
                continue
            }
            guard now - entry.createdAt > retention || entries.count >= capacity else { break }
            entries[key] = nil
            orderStart += 1
        }
        if orderStart > 1024, orderStart * 2 > order.count {
            order.removeFirst(orderStart)
            orderStart = 0
        }
    }
}
