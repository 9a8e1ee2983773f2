public import Harbor

/// Stops tracking files, or folders with every file found in them; their past history stays.
///
/// Untracking is not negative writing: the files simply stop contributing from now on. A file
/// or subfolder inside a tracked folder stays untracked: the folder's filter gets an exclude
/// glob for it, so the next update does not find it again as a new file. Tracking the folder
/// again, with its filter as the user gives it then, brings it back.
public struct UntrackFiles: UseCase, Codable {
    /// The files and folders, as the user typed them.
    public let paths: [String]

    /// Creates the use case.
    public init(paths: [String]) {
        self.paths = paths
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        var problems: [PathProblems.Problem] = []
        try await services.persistence.perform { unitOfWork in
            let files = unitOfWork.repository(TrackedFile.self)
            let roots = unitOfWork.repository(TrackedRoot.self)
            var removed = Set<String>()
            for given in paths {
                let path = services.fileSystem.absolutePath(given)
                var matched = false
                var isFile = false
                for root in try await roots.all() where root.path == path && root.belongs(to: services.machine) {
                    try roots.remove(root)
                    matched = true
                }
                // The file at the path, the files of a folder tracked there, and the files under it.
                let candidates =
                    try await files.query(Query<TrackedFile>().where(\.path, equals: path))
                    + files.query(Query<TrackedFile>().where(\.root, equals: path))
                    + files.query(Query<TrackedFile>().where(\.path, hasPrefix: path + "/"))
                for var file in candidates where file.belongs(to: services.machine) {
                    matched = true
                    isFile = isFile || file.path == path
                    guard removed.insert(file.id).inserted else { continue }
                    file.untrack()
                    try files.remove(file)
                }
                if !matched {
                    problems.append(.init(path: given, reason: "not tracked"))
                    continue
                }
                for var root in try await roots.all()
                where path.hasPrefix(root.path + "/") && root.belongs(to: services.machine) {
                    let relative = String(path.dropFirst(root.path.count))
                    let glob = Glob.escaped(relative) + (isFile ? "" : "/")
                    guard !root.filter.exclude.contains(glob) else { continue }
                    root.filter.exclude.append(glob)
                    try roots.update(root)
                }
            }
        }
        if !problems.isEmpty { throw PathProblems(problems) }
    }
}
