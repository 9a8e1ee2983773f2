/// In-transaction handlers kept recording events that their handlers answered with more: the
/// unit of work handled ``limit`` events and gave up, and committed nothing.
///
/// Usually two handlers that answer each other's events forever.
public struct EventCascadeTooLong: Error, CustomStringConvertible {
    /// How many events the unit of work handled before it gave up.
    public let limit: Int
    /// The name of the last event it was given.
    public let lastEventName: String

    public var description: String {
        "in-transaction handlers handled \(limit) events in one unit of work and were still recording more "
            + "(the last one \(lastEventName)); do two handlers answer each other's events? Nothing was committed"
    }
}
