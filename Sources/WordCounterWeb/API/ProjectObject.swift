import WordCounter

/// A project as the API shows it: `GET /api/projects` lists them, `PUT /api/projects/{name}`
/// answers with the one it changed.
struct ProjectObject: Codable, Sendable {
    let name: String
    let files: Int
    let words: Int
    let today: Int
    let target: Int?
    let deadline: String?
    let remaining: Int?
    let dailyQuota: Int?
    let dailyGoal: Int?
    let writingDays: String

    init(_ project: ProjectProgress) {
        name = project.name
        files = project.files
        words = project.words
        today = project.today
        target = project.target
        deadline = project.deadline?.rawValue
        remaining = project.remaining
        dailyQuota = project.dailyQuota
        dailyGoal = project.dailyGoal
        writingDays = project.writingDays
    }
}
