import Foundation

extension Artist {
    /// The entity for a DTO the API sent, tracked or not as the local copy was: where the
    /// service layer's shape ends.
    /// - Throws: ``ArtistsError/invalidTimestamp(artist:value:)`` for an `updated_at` that is
    ///   not ISO 8601.
    init(_ object: ArtistObject, isTracked: Bool) throws(ArtistsError) {
        self.init(
            id: object.id, name: object.name, genre: object.genre, albumCount: object.albums,
            updatedAt: try Self.date(object.updatedAt, of: object.name), isTracked: isTracked)
    }

    /// `text`, an ISO 8601 date and time the API sent about the artist `name`.
    static func date(_ text: String, of name: String) throws(ArtistsError) -> Date {
        guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
            throw ArtistsError.invalidTimestamp(artist: name, value: text)
        }
        return date
    }
}
