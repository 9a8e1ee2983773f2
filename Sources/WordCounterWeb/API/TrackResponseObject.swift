/// The answer to `POST /api/track`: the absolute path and every tracked file at or below it.
public struct TrackResponseObject: Codable, Sendable, Equatable {
    /// The path as the server resolved it.
    public let path: String
    /// The tracked files at or below it, new and already tracked.
    public let files: [FileObject]
}
