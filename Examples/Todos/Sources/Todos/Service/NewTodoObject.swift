/// The body of `POST /todos`: a todo without an identifier, which the API assigns.
public struct NewTodoObject: Codable, Sendable, Equatable {
    public let userId: Int
    public let title: String
    public let completed: Bool

    /// Creates a DTO.
    public init(userId: Int, title: String, completed: Bool) {
        self.userId = userId
        self.title = title
        self.completed = completed
    }
}
