public import Harbor

/// Removes a project; its files stay tracked and their history stays (a command).
public struct RemoveProject: UseCase, Codable {
    public let name: String

    /// Creates the command.
    public init(name: String) {
        self.name = name
    }

    /// - Throws: ``InvalidProject/notFound(_:)``.
    public func execute(in context: RunContext<WordCounterServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let projects = unitOfWork.repository(Project.self)
            guard var project = try await projects.find(Project.id(named: name)) else {
                throw InvalidProject.notFound(name)
            }
            project.events.raise(ProjectRemoved(name: project.name))
            try projects.remove(project)
        }
    }
}
