import Foundation
public import HarborHTTP

/// The artists API's endpoints, declared once for the real client, the fake and the server.
public enum ArtistsAPI {
    /// Every artist, with when it last changed.
    public static let list = Endpoint<NoContent, [ArtistSummaryObject]>(.get, "/artists")
    /// One artist in full.
    public static let artist = Endpoint<NoContent, ArtistObject>(.get, "/artists/{id}")
    /// Marks an artist changed now (the server's way to show staleness); answers it as it now is.
    public static let touch = Endpoint<NoContent, ArtistObject>(.post, "/artists/{id}/touch")
    /// Makes a user for this installation.
    public static let register = Endpoint<NoContent, UserObject>(.post, "/users")
    /// Tracks an artist for a user; tracking a tracked artist changes nothing (PUT: idempotent).
    public static let track = Endpoint<NoContent, ArtistObject>(.put, "/users/{user}/tracked/{id}")
}

extension ArtistsAPI {
    /// The identifier the API gives the artist called `name`: lower-case ASCII letters and
    /// digits, accents dropped, every other run of characters one `-` (`Youssou N'Dour` is
    /// `youssou-n-dour`, `Björk` is `bjork`), so it is a path segment as it is.
    public static func slug(_ name: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased() {
            if character.isASCII && (character.isLetter || character.isNumber) {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return slug
    }
}
