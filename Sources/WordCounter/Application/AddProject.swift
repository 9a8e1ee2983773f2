public import Harbor

/// Adds a project: a name for some files and folders, with an optional target, deadline, writing
/// days and daily goal (a command; ``ProjectAdded`` tells what happened).
public struct AddProject: UseCase, Codable {
    public let name: String
    /// Files and folders, relative to the working directory or absolute; they need not be tracked yet.
    public let paths: [String]
    public let target: Int?
    public let deadline: Day?
    public let writingDays: WritingDays
    public let dailyGoal: Int?

    /// Creates the command.
    public init(
        name: String, paths: [String], target: Int? = nil, deadline: Day? = nil, writingDays: WritingDays = .all,
        dailyGoal: Int? = nil
    ) {
        self.name = name
        self.paths = paths
        self.target = target
        self.deadline = deadline
        self.writingDays = writingDays
        self.dailyGoal = dailyGoal
    }

    /// Returns the paths under which no file is tracked yet, so the caller can say to track them.
    /// - Throws: ``InvalidProject`` for a bad value or a name that is taken.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> [String] {
        let fileSystem = context.services.fileSystem
        let project = try Project(
            name: name, paths: paths.map { fileSystem.absolutePath($0) }, target: target, deadline: deadline,
            writingDays: writingDays,
            dailyGoal: dailyGoal)
        try await context.persistence.perform { unitOfWork in
            let projects = unitOfWork.repository(Project.self)
            if let existing = try await projects.find(project.id) { throw InvalidProject.exists(existing.name) }
            var added = project
            added.events.raise(ProjectAdded(name: project.name, paths: project.paths))
            try projects.add(added)
        }
        let files = try await context.persistence.repository(TrackedFile.self).indexEntries(Query<TrackedFile>())
        return project.pathsWithoutFiles(among: files)
    }
}
