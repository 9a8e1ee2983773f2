import Harbor

/// Why an ``OutboxRelay`` could not replay or discard a dead letter.
public enum OutboxRelayError: Error, Equatable, CustomStringConvertible {
    /// The relay has no subscriber of that name.
    case unknownSubscriber(String)
    /// The subscriber has no dead letter at that position.
    case noDeadLetter(subscriber: String, position: Int64)

    public var description: String {
        switch self {
        case .unknownSubscriber(let name):
            "this relay has no durable subscriber named '\(name)': replay with the relay that delivers to it"
        case .noDeadLetter(let subscriber, let position):
            "subscriber '\(subscriber)' has no dead letter at position \(position): list them with deadLetters(of:)"
        }
    }
}
