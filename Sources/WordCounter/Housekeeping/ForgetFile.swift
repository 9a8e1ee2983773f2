public import Harbor

/// Drops a tracked file and every day of its history, as if it had never been tracked (a command;
/// ``FileForgotten`` tells what happened). Use ``UntrackFiles`` to stop counting a file but keep
/// what it contributed.
///
/// A file that still exists inside a tracked folder is found again by the next update, as a new
/// file: untrack it to keep it out.
public struct ForgetFile: UseCase, Codable {
    /// The file's identifier, or its last (or first) characters.
    public let id: String
    /// Only say what would be forgotten, changing nothing (to ask the writer first).
    public let preview: Bool

    /// Creates the command.
    public init(id: String, preview: Bool = false) {
        self.id = id
        self.preview = preview
    }

    /// Returns the file that was (or, previewing, would be) forgotten and how many days of history
    /// went (or would go) with it.
    /// - Throws: ``HousekeepingError`` for an unknown or ambiguous identifier.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> (file: TrackedFile, days: Int) {
        try await context.persistence.perform { unitOfWork in
            let files = unitOfWork.repository(TrackedFile.self)
            var file = try await TrackedFile.find(idOrPrefix: id, in: files)
            let days = unitOfWork.repository(DailyCount.self)
            let history = try await days.query(Query<DailyCount>().where(\.fileID, equals: file.id))
            if preview { return (file, history.count) }
            for record in history { try days.remove(record) }
            file.untrack()
            file.events.raise(FileForgotten(fileID: file.id, path: file.path, days: history.count))
            try files.remove(file)
            return (file, history.count)
        }
    }
}
