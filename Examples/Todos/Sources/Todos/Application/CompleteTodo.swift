public import Harbor
import HarborHTTP

/// A command: marks a todo completed. Completing a completed todo changes nothing and succeeds.
public struct CompleteTodo: UseCase {
    /// The todo's identifier.
    public let id: Int

    /// Creates the command.
    public init(id: Int) {
        self.id = id
    }

    /// - Throws: ``TodosError/notFound(id:)`` when the API knows no such todo; an
    ///   `HTTPServiceError` for any other failure.
    public func execute(in context: RunContext<TodosServices>) async throws {
        do throws(HTTPServiceError) {
            _ = try await context.todos.complete(id: id)
        } catch {
            if case .status(let failure) = error.kind, failure.status == 404 { throw TodosError.notFound(id: id) }
            throw error
        }
    }
}
