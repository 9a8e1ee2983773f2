public import Foundation
public import Harbor

/// An artist as this application keeps it: the local copy of what the API knows, and whether
/// the user tracks it.
///
/// It knows nothing of the API's JSON (that is `ArtistObject`'s job); the use cases map one to
/// the other.
public struct Artist: Aggregate, Equatable {
    public static let collection = "artists"
    /// `nameKey` lets ``TrackArtist`` find an artist by the name a user types, ignoring case.
    public static let indexes: [IndexedField<Artist>] = [
        .field("nameKey", \.nameKey), .field("tracked", \.isTracked),
    ]

    /// The API's identifier, a slug (`nina-simone`).
    public let id: String
    /// The artist's name, as shown.
    public var name: String
    /// The artist's genre.
    public var genre: String
    /// How many albums the artist has released.
    public var albumCount: Int
    /// When the API last changed the artist; the local copy is stale when the API's is later.
    public var updatedAt: Date
    /// Whether the user tracks the artist (`artists track NAME`); a sync keeps it.
    public var isTracked: Bool

    /// Creates an artist.
    public init(id: String, name: String, genre: String, albumCount: Int, updatedAt: Date, isTracked: Bool = false) {
        self.id = id
        self.name = name
        self.genre = genre
        self.albumCount = albumCount
        self.updatedAt = updatedAt
        self.isTracked = isTracked
    }

    /// The name as names compare: ignoring case and surrounding spaces.
    public var nameKey: String { Self.key(for: name) }

    /// The comparison key of a name a user typed.
    public static func key(for name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// Whether a copy stored with `stored` must be fetched again, the API's copy having changed
    /// at `remoteUpdatedAt`: when nothing is stored, or the stored copy is older. The rule of
    /// the sync, and nothing else.
    public static func isStale(_ stored: Artist?, remoteUpdatedAt: Date) -> Bool {
        guard let stored else { return true }
        return stored.updatedAt < remoteUpdatedAt
    }
}
