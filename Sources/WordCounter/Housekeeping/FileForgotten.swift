public import Harbor

/// A file and its whole history were dropped, as if it had never been tracked.
public struct FileForgotten: DomainEvent, Equatable {
    public static let eventName = "wordcounter.file-forgotten"
    public let fileID: String
    public let path: String
    /// How many days of history went with it.
    public let days: Int
}
