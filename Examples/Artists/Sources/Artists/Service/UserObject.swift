/// The user `POST /users` makes for an installation. A DTO.
public struct UserObject: Codable, Sendable, Equatable {
    public let id: String

    /// Creates a DTO.
    public init(id: String) {
        self.id = id
    }
}
