import Harbor

/// An update that stopped partway on an error that retrying cannot fix (a full disk, a database
/// gone read-only), after some of its work was already saved.
///
/// ``UpdateWordCounts`` commits in batches, so what it did before the failure is kept; this error
/// says how much, and that running the update again finishes the rest. Conflicts with other
/// processes are not wrapped: the runner retries those.
public struct UpdateInterrupted: Error, CustomStringConvertible {
    /// Files whose new count was saved before the failure.
    public let recounted: Int
    /// Files followed to a new path and saved.
    public let moved: Int
    /// Files marked missing and saved.
    public let missing: Int
    /// New files tracked and saved.
    public let added: Int
    /// What stopped the update.
    public let underlying: any Error

    /// Creates the error.
    public init(recounted: Int, moved: Int, missing: Int, added: Int, underlying: any Error) {
        self.recounted = recounted
        self.moved = moved
        self.missing = missing
        self.added = added
        self.underlying = underlying
    }

    /// Whether anything was saved before the failure.
    public var savedAnything: Bool { recounted + moved + missing + added > 0 }

    public var description: String {
        let cause = UserFacingError.describe(underlying)
        guard savedAnything else { return "\(cause). Nothing was saved: run the update again" }
        var saved: [String] = []
        if recounted > 0 { saved.append("\(recounted) \(recounted == 1 ? "file" : "files") recounted") }
        if moved > 0 { saved.append("\(moved) moved") }
        if missing > 0 { saved.append("\(missing) marked missing") }
        if added > 0 { saved.append("\(added) new tracked") }
        return "\(cause). Saved before that: \(saved.joined(separator: ", ")); "
            + "run the update again to finish the rest"
    }
}
