/// One entry of `GET /artists`: enough to tell whether the local copy is stale.
/// A DTO: it lives at the service edge and never reaches the command line.
public struct ArtistSummaryObject: Codable, Sendable, Equatable {
    public let id: String
    public let name: String
    /// ISO 8601, `2026-01-05T10:00:00Z`.
    public let updatedAt: String

    /// Creates a DTO.
    public init(id: String, name: String, updatedAt: String) {
        self.id = id
        self.name = name
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case id, name
        case updatedAt = "updated_at"
    }
}
