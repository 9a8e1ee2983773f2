import Harbor

// The broken stores keep dead letters correctly: their contract failures are about commits only.
extension OverwritingStore {
    func subscriberPositions() async throws -> [String: Int64] { try await base.subscriberPositions() }
    func addDeadLetter(_ letter: DeadLetter) async throws { try await base.addDeadLetter(letter) }
    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await base.deadLetters(ofSubscriber: name)
    }
    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await base.removeDeadLetter(at: position, ofSubscriber: name)
    }
}

extension PiecemealStore {
    func subscriberPositions() async throws -> [String: Int64] { try await base.subscriberPositions() }
    func addDeadLetter(_ letter: DeadLetter) async throws { try await base.addDeadLetter(letter) }
    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter] {
        try await base.deadLetters(ofSubscriber: name)
    }
    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool {
        try await base.removeDeadLetter(at: position, ofSubscriber: name)
    }
}
