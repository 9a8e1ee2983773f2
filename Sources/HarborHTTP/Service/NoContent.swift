/// The body of an endpoint that sends or answers nothing: `Endpoint<NoContent, [TodoObject]>`
/// sends no request body; `Endpoint<TodoObject, NoContent>` ignores whatever the server answers.
public struct NoContent: Codable, Sendable, Equatable {
    /// The empty body.
    public init() {}
}
