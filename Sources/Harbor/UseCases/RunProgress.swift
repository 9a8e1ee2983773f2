/// How far a run has come: completed units of a total, and what it is doing now.
public struct RunProgress: Sendable, Equatable {
    /// Units done so far.
    public var completed: Int
    /// All units, when known.
    public var total: Int?
    /// What the run is doing, for a person to read.
    public var message: String?

    /// Creates a progress report.
    public init(completed: Int, total: Int? = nil, message: String? = nil) {
        self.completed = completed
        self.total = total
        self.message = message
    }

    /// `completed / total` between 0 and 1, when the total is known and positive.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, max(0, Double(completed) / Double(total)))
    }
}
