public import Harbor

extension OutboxRelay {
    /// The dead letters of subscriber `name`, in position order.
    public func deadLetters(of name: String) async throws -> [DeadLetter] {
        try await store.deadLetters(ofSubscriber: name)
    }

    /// Delivers the dead letter at `position` to subscriber `name`'s handler again and removes it
    /// once the handler returns; when the handler throws, the letter stays and the error is rethrown.
    /// - Throws: ``OutboxRelayError`` for an unknown subscriber or position, or the handler's error.
    public func replayDeadLetter(at position: Int64, of name: String) async throws {
        guard let subscriber = subscribers.first(where: { $0.name == name }) else {
            throw OutboxRelayError.unknownSubscriber(name)
        }
        guard let letter = try await store.deadLetters(ofSubscriber: name).first(where: { $0.position == position })
        else { throw OutboxRelayError.noDeadLetter(subscriber: name, position: position) }
        if let handler = subscriber.handler(for: letter.event.name) {
            try await handler(letter.event, letter.position)
        }
        _ = try await store.removeDeadLetter(at: position, ofSubscriber: name)
    }

    /// Replays every dead letter of subscriber `name` in position order; returns how many were
    /// handled and removed. Letters whose handler throws stay, and their errors go to the error handler.
    /// - Throws: ``OutboxRelayError/unknownSubscriber(_:)``, or the store's error.
    @discardableResult
    public func replayDeadLetters(of name: String) async throws -> Int {
        guard subscribers.contains(where: { $0.name == name }) else { throw OutboxRelayError.unknownSubscriber(name) }
        var replayed = 0
        for letter in try await store.deadLetters(ofSubscriber: name) {
            do {
                try await replayDeadLetter(at: letter.position, of: name)
                replayed += 1
            } catch {
                errorHandler(error, name)
            }
        }
        return replayed
    }

    /// Removes the dead letter at `position` of subscriber `name` without delivering it.
    /// - Throws: ``OutboxRelayError/noDeadLetter(subscriber:position:)`` when there is none.
    public func discardDeadLetter(at position: Int64, of name: String) async throws {
        guard try await store.removeDeadLetter(at: position, ofSubscriber: name) else {
            throw OutboxRelayError.noDeadLetter(subscriber: name, position: position)
        }
    }
}
