/// The body of `PATCH /todos/{id}`: the fields to change.
public struct TodoPatchObject: Codable, Sendable, Equatable {
    public let completed: Bool?

    /// Creates a DTO.
    public init(completed: Bool?) {
        self.completed = completed
    }
}
