public import HarborHTTP

/// The artists API as the application sees it: typed calls, typed errors, DTOs in and out.
///
/// It works over any ``HTTPService``: the real client in production and development, a
/// ``FakeHTTPService`` (see ``FakeArtistsAPI``) in the fake environment and in tests.
public struct ArtistService: Sendable {
    private let http: any HTTPService

    /// Creates the service over `http`.
    public init(http: any HTTPService) {
        self.http = http
    }

    /// Every artist the API knows, with when each last changed.
    public func artists() async throws(HTTPServiceError) -> [ArtistSummaryObject] {
        try await http.call(ArtistsAPI.list)
    }

    /// One artist in full.
    public func artist(id: String) async throws(HTTPServiceError) -> ArtistObject {
        try await http.call(ArtistsAPI.artist, path: ["id": id])
    }

    /// Makes a user for this installation.
    public func register() async throws(HTTPServiceError) -> UserObject {
        try await http.call(ArtistsAPI.register)
    }

    /// Tracks the artist `id` for `userID` and answers the artist.
    public func track(id: String, userID: String) async throws(HTTPServiceError) -> ArtistObject {
        try await http.call(ArtistsAPI.track, path: ["user": userID, "id": id])
    }
}
