/// The lanes the current task holds, so nested runs on them do not wait for themselves.
///
/// A task-local outside the generic runner (a generic type cannot have static stored
/// properties), keyed by runner so two applications in one process never share a lane.
enum HeldLanes {
    /// A lane of one runner.
    struct Lane: Hashable, Sendable {
        let runner: ObjectIdentifier
        let name: String
    }

    @TaskLocal static var current: [Lane] = []
}
