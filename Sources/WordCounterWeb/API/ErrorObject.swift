/// The body of every 4xx and 5xx answer: `{"error": "what went wrong and what to do"}`.
public struct ErrorObject: Codable, Sendable, Equatable {
    /// A message for a person.
    public let error: String

    /// Creates the body.
    public init(error: String) {
        self.error = error
    }
}
