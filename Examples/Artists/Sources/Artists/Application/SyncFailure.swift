public import HarborHTTP

/// A sync stopped because one stale artist could not be fetched. The artists stored before it
/// stay stored (each was its own commit); running the sync again fetches the rest.
public struct SyncFailure: Error, CustomStringConvertible {
    /// The artist whose fetch failed.
    public let artist: String
    /// How many stale artists were stored before it.
    public let stored: Int
    /// How many artists were stale.
    public let stale: Int
    /// What the API or the connection did.
    public let cause: HTTPServiceError

    /// Creates the failure.
    public init(artist: String, stored: Int, stale: Int, cause: HTTPServiceError) {
        self.artist = artist
        self.stored = stored
        self.stale = stale
        self.cause = cause
    }

    public var description: String {
        "could not fetch \"\(artist)\" (\(stored) of \(stale) stale artists stored and kept; "
            + "run sync again to continue): \(cause)"
    }
}
