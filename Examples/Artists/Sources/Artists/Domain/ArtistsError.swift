/// Why an Artists command could not be done, in words a user can act on.
public enum ArtistsError: Error, Equatable, CustomStringConvertible {
    /// A name that is empty once spaces are trimmed.
    case emptyName
    /// The API knows no artist of this name.
    case unknownArtist(String)
    /// The API sent an `updated_at` that is not an ISO 8601 date and time.
    case invalidTimestamp(artist: String, value: String)
    /// Other commands on the same store kept changing what this one was storing, retry after retry.
    case keptConflicting

    public var description: String {
        switch self {
        case .emptyName: "say which artist to track: artists track NAME"
        case .unknownArtist(let name):
            "the API knows no artist called \"\(name)\"; check the spelling (`artists list` shows the synced ones)"
        case .invalidTimestamp(let artist, let value):
            "the API sent \"\(value)\" as the update time of \"\(artist)\", which is not an ISO 8601 date; "
                + "check the server"
        case .keptConflicting:
            "other commands on the same store kept changing the same artists at the same moment; "
                + "run this command again"
        }
    }
}
