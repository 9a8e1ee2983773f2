/// One asynchronous event handler's work on one event: which handler, which event, how many
/// attempts it took, and the error it ended with, if any.
public struct HandlerRun: Sendable, CustomStringConvertible {
    /// The handler's name, as it was registered.
    public let handler: String
    /// The event it handled.
    public let event: any DomainEvent
    /// How many times it was tried (more than one after retryable failures).
    public let attempts: Int
    /// The error it ended with after its last attempt; nil when it succeeded.
    public let failure: (any Error)?

    /// Creates a record of a handler run.
    public init(handler: String, event: any DomainEvent, attempts: Int, failure: (any Error)?) {
        self.handler = handler
        self.event = event
        self.attempts = attempts
        self.failure = failure
    }

    /// True when the handler finished without an error.
    public var succeeded: Bool { failure == nil }

    public var description: String {
        let name = type(of: event).eventName
        if let failure { return "\(handler) failed on \(name) after \(attempts) attempt(s): \(failure)" }
        return "\(handler) handled \(name)"
    }
}
