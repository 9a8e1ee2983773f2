/// What `PUT /api/projects/{name}` changes of a project; a field left out stays as it is:
/// `{"target": 80000, "deadline": "2027-03-01", "dailyGoal": 500}`.
struct ProjectChangeObject: Codable, Sendable {
    /// The words the project should reach.
    let target: Int?
    /// The day to reach them by, as `YYYY-MM-DD`.
    let deadline: String?
    /// The project's own daily goal.
    let dailyGoal: Int?
}
