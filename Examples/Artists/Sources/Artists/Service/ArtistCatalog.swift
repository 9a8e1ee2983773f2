public import Foundation
import Synchronization

/// The artists API's data in memory, behaving as the API does: the development server serves
/// it over HTTP and ``FakeArtistsAPI`` answers from it, so both show the same artists.
///
/// Every change is one locked step, so concurrent requests never lose an update.
public final class ArtistCatalog: Sendable {
    private struct State {
        var artists: [ArtistObject]
        var users: [String: Set<String>] = [:]
        var lastUserNumber = 0
    }

    private let state: Mutex<State>

    /// Ten artists, each last changed at a fixed time in January 2026.
    public static let seed: [ArtistObject] = [
        ("Nina Simone", "jazz", 40), ("Miles Davis", "jazz", 51), ("Aretha Franklin", "soul", 42),
        ("Björk", "art pop", 10), ("Fela Kuti", "afrobeat", 50), ("Joni Mitchell", "folk", 19),
        ("Radiohead", "rock", 9), ("Kraftwerk", "electronic", 10), ("Youssou N'Dour", "mbalax", 30),
        ("Stevie Wonder", "soul", 23),
    ].enumerated().map { index, artist in
        ArtistObject(
            id: ArtistsAPI.slug(artist.0), name: artist.0, genre: artist.1, albums: artist.2,
            updatedAt: String(format: "2026-01-%02dT10:00:00Z", index + 1))
    }

    /// Creates a catalog holding `artists`.
    public init(artists: [ArtistObject] = ArtistCatalog.seed) {
        self.state = Mutex(State(artists: artists))
    }

    /// Every artist's summary, by name.
    public func summaries() -> [ArtistSummaryObject] {
        state.withLock { $0.artists.map(\.summary) }.sorted { $0.name < $1.name }
    }

    /// The artist with identifier `id`, if there is one.
    public func artist(id: String) -> ArtistObject? {
        state.withLock { state in state.artists.first { $0.id == id } }
    }

    /// Marks the artist `id` changed now (at least a second after its last change, so that
    /// the change is always later); answers it as it now is, nil when there is no such artist.
    public func touch(id: String, now: Date = Date()) -> ArtistObject? {
        state.withLock { state in
            guard let index = state.artists.firstIndex(where: { $0.id == id }) else { return nil }
            let old = state.artists[index]
            let previous = (try? Date.ISO8601FormatStyle().parse(old.updatedAt)) ?? .distantPast
            let updated = max(now, previous.addingTimeInterval(1)).formatted(.iso8601)
            state.artists[index] = ArtistObject(
                id: old.id, name: old.name, genre: old.genre, albums: old.albums, updatedAt: updated)
            return state.artists[index]
        }
    }

    /// Makes a new user.
    public func register() -> UserObject {
        state.withLock { state in
            state.lastUserNumber += 1
            let id = "user-\(state.lastUserNumber)"
            state.users[id] = []
            return UserObject(id: id)
        }
    }

    /// Why ``track(id:userID:)`` refused.
    public enum TrackingRefusal: Error, Equatable {
        /// No user has this identifier.
        case unknownUser
        /// No artist has this identifier.
        case unknownArtist
    }

    /// Tracks the artist `id` for `userID` (again: nothing changes) and answers the artist.
    public func track(id: String, userID: String) -> Result<ArtistObject, TrackingRefusal> {
        state.withLock { state in
            guard state.users[userID] != nil else { return .failure(.unknownUser) }
            guard let artist = state.artists.first(where: { $0.id == id }) else { return .failure(.unknownArtist) }
            state.users[userID, default: []].insert(id)
            return .success(artist)
        }
    }

    /// The identifiers of the artists `userID` tracks.
    public func tracked(by userID: String) -> Set<String> {
        state.withLock { $0.users[userID] ?? [] }
    }
}
