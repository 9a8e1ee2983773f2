public import Harbor

/// A tracked file was given a target in words (or a new one).
public struct FileTargetSet: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-target-set"
    /// The tracked file's identifier.
    public let fileID: String
    /// Where it is.
    public let path: String
    /// The target.
    public let words: Int
}

/// A tracked file's target was removed.
public struct FileTargetRemoved: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-target-removed"
    /// The tracked file's identifier.
    public let fileID: String
    /// Where it is.
    public let path: String
}
