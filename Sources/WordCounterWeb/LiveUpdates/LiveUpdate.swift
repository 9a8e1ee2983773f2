/// A message for live clients with its position in the hub's sequence (the SSE `id:`).
public struct LiveUpdate: Sendable, Equatable {
    /// Grows by one per message the hub sends.
    public let sequence: Int
    /// What changed.
    public let object: LiveUpdateObject
}
