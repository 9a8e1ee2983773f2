/// What a sync did: how many artists the API lists, how many were stale, and which were stored.
public struct SyncReport: Sendable, Equatable {
    /// How many artists the API listed.
    public let listed: Int
    /// The names of the stale artists fetched and stored, in the order they were stored.
    public let stored: [String]

    /// Creates a report.
    public init(listed: Int, stored: [String]) {
        self.listed = listed
        self.stored = stored
    }

    /// One line for a person: `stored 3 of 10 artists (7 were up to date)`.
    public var summary: String {
        if stored.isEmpty { return "all \(listed) artists are up to date" }
        return "stored \(stored.count) of \(listed) artists (\(listed - stored.count) were up to date)"
    }
}
