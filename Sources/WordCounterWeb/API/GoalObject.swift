/// The daily goal as `PUT /api/goal` takes and answers it: `{"daily": 1000}`.
struct GoalObject: Codable, Sendable {
    /// Words per day.
    let daily: Int
}
