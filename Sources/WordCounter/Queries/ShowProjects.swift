import Foundation
public import Harbor

/// A query: every project (or the one named) with its words, what is left, and today's quota,
/// sorted by name.
///
/// A project's words are the current counts of the tracked files under its paths, summed from the
/// store's index without decoding a file; today's words are its files' net writing today.
public struct ShowProjects: UseCase, Codable {
    /// Only the project with this name (any case), or every project when nil.
    public let name: String?

    /// Creates the query.
    public init(name: String? = nil) {
        self.name = name
    }

    /// - Throws: ``InvalidProject/notFound(_:)`` when `name` names no project.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> [ProjectProgress] {
        let services = context.services
        let projects: [Project]
        if let name {
            guard let project = try await services.persistence.repository(Project.self).find(Project.id(named: name))
            else { throw InvalidProject.notFound(name) }
            projects = [project]
        } else {
            projects = try await services.persistence.repository(Project.self).all()
        }
        guard !projects.isEmpty else { return [] }
        let files = try await services.persistence.repository(TrackedFile.self).indexEntries(Query<TrackedFile>())
        let today = try await services.persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, equals: services.today))
        return
            projects
            .map { project in
                let members = project.members(of: files)
                let ids = Set(members.map(\.id))
                // As `history --project` counts them: the files in it now, and the records whose
                // path was in it that day (a chapter untracked and tracked again keeps its morning).
                let todayNet = today.filter { ids.contains($0.fileID) || $0.path.map(project.contains(path:)) == true }
                    .reduce(0) { $0 + $1.net }
                return Self.progress(
                    of: project, files: members.count, words: members.reduce(0) { $0 + $1.words }, today: todayNet,
                    on: services.today, calendar: services.calendar)
            }
            .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    /// The progress of `project` with `words` now and `today` of them written today.
    static func progress(
        of project: Project, files: Int, words: Int, today: Int, on day: Day, calendar: Calendar
    ) -> ProjectProgress {
        let remaining = project.target.map { WordsToGo.remaining($0, written: words) }
        let daysLeft = project.deadline.map { project.writingDays.count(from: day, through: $0, calendar: calendar) }
        var quota: Int?
        if let target = project.target, let daysLeft, daysLeft > 0 {
            // What was left when today began, spread over the writing days from today on.
            let (atStart, overflow) = words.subtractingReportingOverflow(today)
            let leftAtStart = overflow ? (today < 0 ? 0 : Int.max) : WordsToGo.remaining(target, written: atStart)
            quota = WordsToGo.perDay(leftAtStart, over: daysLeft)
        }
        let asked = quota ?? project.dailyGoal
        let writingDay = project.writingDays.contains(day, calendar: calendar)
        let todayRemaining = asked.map { writingDay ? WordsToGo.remaining($0, written: today) : 0 }
        return ProjectProgress(
            name: project.name, paths: project.paths, writingDays: project.writingDays.description, files: files,
            words: words, today: today, target: project.target, deadline: project.deadline, remaining: remaining,
            writingDaysLeft: daysLeft, dailyQuota: quota, dailyGoal: project.dailyGoal, todayIsWritingDay: writingDay,
            todayRemaining: todayRemaining)
    }
}
