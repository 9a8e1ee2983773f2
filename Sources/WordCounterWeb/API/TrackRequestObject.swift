/// The body of `POST /api/track`: `{"path": "/home/me/novel"}`.
public struct TrackRequestObject: Codable, Sendable, Equatable {
    /// A file or folder below one of the server's roots.
    public let path: String

    /// Creates the request.
    public init(path: String) {
        self.path = path
    }
}
