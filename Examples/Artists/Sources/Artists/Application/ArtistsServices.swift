public import Harbor
public import HarborHTTP

/// What the Artists use cases are given, built once per environment by the composition root.
public struct ArtistsServices: Sendable {
    /// The remote artists API.
    public let api: ArtistService
    /// The local store of synced artists and the registration.
    public let persistence: Persistence

    /// Services over `http` (the real API, a local server, or the fake) and a local `store`.
    public init(_ http: any HTTPService, store: any Store) {
        self.api = ArtistService(http: http)
        self.persistence = Persistence(store: store)
    }
}
