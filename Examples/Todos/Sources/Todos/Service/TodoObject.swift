/// A todo as the API sends it: the JSON shape of jsonplaceholder.typicode.com's `/todos`.
/// A DTO: it lives at the service edge and is mapped to ``Todo`` by the use cases.
public struct TodoObject: Codable, Sendable, Equatable {
    public let userId: Int
    public let id: Int
    public let title: String
    public let completed: Bool

    /// Creates a DTO.
    public init(userId: Int, id: Int, title: String, completed: Bool) {
        self.userId = userId
        self.id = id
        self.title = title
        self.completed = completed
    }
}
