import Harbor

/// What ``MirroredStore/backfill(collections:progress:)`` did.
public struct MirrorBackfillReport: Sendable, Equatable {
    /// Documents copied to the secondary (it lacked them or had an older version).
    public var copied: Int
    /// Documents the secondary already had at the primary's version.
    public var skipped: Int
    /// Documents the secondary has at a newer version than the primary: left alone, and listed by
    /// ``MirroredStore/verify(collections:)``.
    public var newerOnSecondary: Int

    /// Creates a report.
    public init(copied: Int = 0, skipped: Int = 0, newerOnSecondary: Int = 0) {
        self.copied = copied
        self.skipped = skipped
        self.newerOnSecondary = newerOnSecondary
    }
}
