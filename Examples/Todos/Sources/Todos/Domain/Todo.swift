/// A thing to do: the entity the application works with and the command line shows.
///
/// It knows nothing of the API's JSON (that is `TodoObject`'s job); the use cases map one to
/// the other.
public struct Todo: Sendable, Equatable, Identifiable {
    /// The identifier the API gave it.
    public let id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isCompleted: Bool

    /// Creates a todo.
    public init(id: Int, title: String, isCompleted: Bool) {
        self.id = id
        self.title = title
        self.isCompleted = isCompleted
    }
}
