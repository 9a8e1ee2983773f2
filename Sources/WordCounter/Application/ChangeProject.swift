public import Harbor

/// Changes what is given of a project (nil leaves it as it is); a command.
public struct ChangeProject: UseCase, Codable {
    public let name: String
    public let paths: [String]?
    public let target: Int?
    public let deadline: Day?
    public let writingDays: WritingDays?
    public let dailyGoal: Int?

    /// Creates the command.
    public init(
        name: String, paths: [String]? = nil, target: Int? = nil, deadline: Day? = nil,
        writingDays: WritingDays? = nil, dailyGoal: Int? = nil
    ) {
        self.name = name
        self.paths = paths
        self.target = target
        self.deadline = deadline
        self.writingDays = writingDays
        self.dailyGoal = dailyGoal
    }

    /// - Throws: ``InvalidProject/notFound(_:)``, or ``InvalidProject`` for a bad value.
    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let fileSystem = context.services.fileSystem
        let paths = paths?.map { fileSystem.absolutePath($0) }
        try await context.persistence.perform { unitOfWork in
            let projects = unitOfWork.repository(Project.self)
            guard var project = try await projects.find(Project.id(named: name)) else {
                throw InvalidProject.notFound(name)
            }
            try project.change(
                paths: paths, target: target, deadline: deadline, writingDays: writingDays, dailyGoal: dailyGoal)
            project.events.raise(ProjectChanged(name: project.name))
            try projects.update(project)
        }
    }
}
