/// A run as observers see it: its identifier, its use case's name and its lane.
public struct RunInfo: Sendable, Equatable, CustomStringConvertible {
    /// The run's identifier.
    public let id: RunID
    /// The use case's type name.
    public let useCaseName: String
    /// The lane it runs on.
    public let lane: Lane

    /// Creates run information.
    public init(id: RunID, useCaseName: String, lane: Lane) {
        self.id = id
        self.useCaseName = useCaseName
        self.lane = lane
    }

    public var description: String { "\(useCaseName) \(id)" }
}
