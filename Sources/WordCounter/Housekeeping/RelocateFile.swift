public import Harbor

/// Tells Word Counter where a tracked file went, when it was found by hand elsewhere: the file keeps
/// its identifier and history, and is counted at once (a command; ``FileMoved`` tells what happened).
///
/// Words it gained while it was away count as today's writing, as any recount's do.
public struct RelocateFile: UseCase, Codable {
    /// The file's identifier, or its last (or first) characters.
    public let id: String
    /// Where it is now, relative to the working directory or absolute.
    public let path: String

    /// Creates the command.
    public init(id: String, path: String) {
        self.id = id
        self.path = path
    }

    /// Returns the file as counted at its new path.
    /// - Throws: ``HousekeepingError`` for an unknown identifier, no file at the path, or a path that
    ///   another tracked file has.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> TrackedFile {
        let services = context.services
        let path = services.fileSystem.absolutePath(path)
        return try await services.persistence.perform { unitOfWork in
            let files = unitOfWork.repository(TrackedFile.self)
            var file = try await TrackedFile.find(idOrPrefix: id, in: files)
            if let holder = try await files.query(Query<TrackedFile>().where(\.path, equals: path).limit(1)).first {
                guard holder.id == file.id else { throw HousekeepingError.alreadyTracked(path: path, id: holder.id) }
            }
            let roots = try await unitOfWork.repository(TrackedRoot.self).all()
            let root = roots.map(\.path).filter { path.hasPrefix($0 + "/") }.max { $0.count < $1.count }
            if file.path != path { file.move(to: path, root: root) }
            let (counted, outcome) = try await RecordCount(services: services)(file, in: unitOfWork)
            guard outcome != .gone else { throw HousekeepingError.noFile(at: path) }
            return counted
        }
    }
}
