public import Harbor

/// A query: the artists in the local store, by name; only the tracked ones when asked. It
/// changes nothing and sends nothing.
public struct ListArtists: UseCase {
    /// Whether only tracked artists are listed.
    public var trackedOnly: Bool

    /// Creates the query.
    public init(trackedOnly: Bool = false) {
        self.trackedOnly = trackedOnly
    }

    public func execute(in context: RunContext<ArtistsServices>) async throws -> [Artist] {
        let artists = context.persistence.repository(Artist.self)
        let found =
            trackedOnly
            ? try await artists.query(Query<Artist>().where(\.isTracked, equals: true)) : try await artists.all()
        return found.sorted { ($0.nameKey, $0.id) < ($1.nameKey, $1.id) }
    }
}
