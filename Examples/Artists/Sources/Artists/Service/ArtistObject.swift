/// An artist as `GET /artists/{id}` sends it. A DTO: it lives at the service edge and is
/// mapped to ``Artist`` by the use cases.
public struct ArtistObject: Codable, Sendable, Equatable {
    public let id: String
    public let name: String
    public let genre: String
    public let albums: Int
    /// ISO 8601, `2026-01-05T10:00:00Z`.
    public let updatedAt: String

    /// Creates a DTO.
    public init(id: String, name: String, genre: String, albums: Int, updatedAt: String) {
        self.id = id
        self.name = name
        self.genre = genre
        self.albums = albums
        self.updatedAt = updatedAt
    }

    /// The summary `GET /artists` lists for this artist.
    public var summary: ArtistSummaryObject {
        ArtistSummaryObject(id: id, name: name, updatedAt: updatedAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, name, genre, albums
        case updatedAt = "updated_at"
    }
}
