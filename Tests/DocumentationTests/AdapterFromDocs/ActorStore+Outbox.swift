import Harbor
import Synchronization

extension ActorStore {
    func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        guard limit >= 0 else { throw StoreError.invalidInput(field: "limit", reason: "is negative") }
        return Array(outbox.lazy.filter { $0.position > position }.prefix(limit))
    }

    func position(ofSubscriber name: String) async throws -> Int64 {
        try StoreLimits.checkName(name, field: "subscriber")
        return positions[ExactName(text: name)] ?? 0
    }

    func setPosition(_ position: Int64, ofSubscriber name: String) async throws {
        try StoreLimits.checkName(name, field: "subscriber")
        positions[ExactName(text: name)] = position
    }

    func pruneEvents(through position: Int64) async throws -> Int {
        let before = outbox.count
        outbox.removeAll { $0.position <= position }
        return before - outbox.count
    }

    func subscriberPositions() async throws -> [String: Int64] {
        var result: [String: Int64] = [:]
        for (name, position) in positions { result[name.text] = position }
        return result
    }

    func addDeadLetter(_ letter: DeadLetter) async throws {
        try StoreLimits.check(letter)
        deadLetters[ExactName(text: letter.subscriber), default: [:]][letter.position] = letter
    }

    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try StoreLimits.checkName(name, field: "subscriber")
        return (deadLetters[ExactName(text: name)] ?? [:]).values.sorted { $0.position < $1.position }
    }

    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try StoreLimits.checkName(name, field: "subscriber")
        return deadLetters[ExactName(text: name)]?.removeValue(forKey: position) != nil
    }

    nonisolated func commitSignals() -> AsyncStream<Void>? {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = signalStreams.withLock { state in
            let id = state.next
            state.next += 1
            state.continuations[id] = continuation
            return id
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.signalStreams.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every watcher that something was committed.
    func signal() {
        let continuations = signalStreams.withLock { Array($0.continuations.values) }
        for continuation in continuations { continuation.yield() }
    }
}
