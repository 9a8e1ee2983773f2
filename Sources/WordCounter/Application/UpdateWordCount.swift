public import Harbor

/// Counts one tracked file and stores its count: what the watcher runs after every save.
///
/// The file is found by path. A new inode at the same path (an editor's atomic save) is the same
/// tracked file and its history continues. A file that is gone is marked missing and reported
/// once; follow moves with ``UpdateWordCounts``, which searches for them.
public struct UpdateWordCount: CoalescableUseCase, Codable {
    /// The file's path.
    public let path: String

    /// Creates the use case.
    public init(path: String) {
        self.path = path
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        let path = services.fileSystem.absolutePath(path)
        try await services.persistence.perform { unitOfWork in
            let files = unitOfWork.repository(TrackedFile.self)
            guard
                let file = try await files.query(Query<TrackedFile>().where(\.path, equals: path)).first(where: {
                    $0.belongs(to: services.machine)
                })
            else { throw PathProblems([.init(path: path, reason: "not tracked")]) }
            let (_, outcome) = try await RecordCount(services: services)(file, in: unitOfWork)
            var missing = file
            if outcome == .gone && missing.markMissing() { try files.update(missing) }
        }
    }
}
