import Foundation
public import Harbor

/// A command: adds an open todo and answers its identifier.
public struct AddTodo: UseCase {
    /// The longest title accepted.
    public static let maximumTitleLength = 200

    /// What there is to do.
    public let title: String

    /// Creates the command.
    public init(title: String) {
        self.title = title
    }

    /// - Throws: ``TodosError/emptyTitle`` or ``TodosError/titleTooLong(limit:)`` before anything
    ///   is sent; an `HTTPServiceError` when the API fails.
    public func execute(in context: RunContext<TodosServices>) async throws -> Int {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw TodosError.emptyTitle }
        guard trimmed.count <= Self.maximumTitleLength else {
            throw TodosError.titleTooLong(limit: Self.maximumTitleLength)
        }
        return Todo(try await context.todos.create(title: trimmed)).id
    }
}
