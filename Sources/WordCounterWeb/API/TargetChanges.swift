import WordCounter

/// Setting the daily goal and a project's target, deadline or goal, for the JSON API and the
/// dashboard's forms alike: the use cases' errors become ``APIError``s with their messages.
struct TargetChanges: Sendable {
    let app: WordCounterApp

    /// Sets the daily goal.
    /// - Throws: ``APIError`` 400 for a goal below one word.
    func setGoal(words: Int) async throws {
        do {
            try await app.run(SetDailyGoal(words: words))
        } catch let invalid as InvalidGoal {
            throw APIError.badRequest(invalid.description)
        }
    }

    /// Changes what is given of the project called `name` (any case) and returns it as it is now.
    /// - Throws: ``APIError`` 404 when no project has that name, 400 for a bad value.
    func changeProject(named name: String, target: Int?, deadline: String?, dailyGoal: Int?) async throws
        -> ProjectProgress
    {
        var day: Day?
        if let deadline {
            guard let parsed = Day(rawValue: deadline) else {
                throw APIError.badRequest(InvalidProject.deadline(deadline).description)
            }
            day = parsed
        }
        do {
            try await app.run(ChangeProject(name: name, target: target, deadline: day, dailyGoal: dailyGoal))
        } catch let invalid as InvalidProject {
            if case .notFound = invalid { throw APIError.notFound(invalid.description) }
            throw APIError.badRequest(invalid.description)
        }
        let projects = try await app.run(ShowProjects(), on: APIRoutes.queryLane)
        guard let project = projects.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw APIError.notFound(InvalidProject.notFound(name).description)
        }
        return project
    }
}
