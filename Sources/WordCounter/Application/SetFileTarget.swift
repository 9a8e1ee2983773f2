public import Harbor

/// Gives the tracked file at `path` a target in words, or removes its target when `words` is nil
/// (a command; ``FileTargetSet`` and ``FileTargetRemoved`` tell what happened).
public struct SetFileTarget: UseCase, Codable {
    /// The file, absolute or relative to the working folder.
    public let path: String
    /// The target, or nil to remove it.
    public let words: Int?

    /// Creates the command.
    public init(path: String, words: Int?) {
        self.path = path
        self.words = words
    }

    /// - Throws: ``InvalidFileTarget``.
    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        if let words, words <= 0 { throw InvalidFileTarget.notPositive(words) }
        let absolute = services.fileSystem.absolutePath(path)
        try await context.persistence.perform { unitOfWork in
            let files = try await unitOfWork.repository(TrackedFile.self)
                .query(Query<TrackedFile>().where(\.path, equals: absolute))
            guard let file = files.first(where: { $0.belongs(to: services.machine) }) else {
                throw InvalidFileTarget.notTracked(absolute)
            }
            let targets = unitOfWork.repository(FileTarget.self)
            let existing = try await targets.find(file.id)
            switch (words, existing) {
            case (let words?, var target?):
                target.words = words
                try targets.update(target)
            case (let words?, nil):
                try targets.add(FileTarget(id: file.id, words: words))
            case (nil, let target?):
                try targets.remove(target)
            case (nil, nil):
                throw InvalidFileTarget.noTarget(absolute)
            }
            if let words {
                try unitOfWork.record(FileTargetSet(fileID: file.id, path: file.path, words: words))
            } else {
                try unitOfWork.record(FileTargetRemoved(fileID: file.id, path: file.path))
            }
        }
    }
}
