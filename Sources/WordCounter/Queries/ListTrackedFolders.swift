public import Harbor

/// A query: the folders tracked as a whole (with `wordcounter track FOLDER`), sorted.
///
/// With `onThisMachine`, on a named machine only the folders tracked there (and before machines
/// were named), as ``ShowStatus`` shows only their files.
public struct ListTrackedFolders: UseCase, Codable {
    /// Whether only this machine's folders are listed.
    public let onThisMachine: Bool

    /// Creates the query: every machine's folders, or only this one's.
    public init(onThisMachine: Bool = false) {
        self.onThisMachine = onThisMachine
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [String] {
        let machine = context.services.machine
        return try await context.persistence.repository(TrackedRoot.self).all()
            .filter { root in !onThisMachine || machine == nil || root.machine == nil || root.machine == machine }
            .map(\.path).sorted()
    }
}
