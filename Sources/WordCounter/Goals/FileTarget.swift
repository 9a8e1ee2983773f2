public import Harbor

/// A target in words for one tracked file (a chapter of 3,000 words), as Scrivener's document
/// targets: the file's words against it, and met once they reach it.
///
/// Kept beside the file, under its identifier, so the target follows the file through renames
/// and moves as its history does; a file no longer tracked keeps no target.
public struct FileTarget: Aggregate, Equatable {
    public static let collection = "file-targets"

    /// The tracked file's identifier.
    public let id: String
    /// The words the file should reach.
    public var words: Int

    /// Creates a target of `words` for the file `id`.
    public init(id: String, words: Int) {
        self.id = id
        self.words = words
    }
}
