public import Foundation

/// A tracked file that is gone and was not found anywhere it could have moved to.
public struct MissingFile: Sendable, Equatable, Codable {
    /// Its identifier, for `relocate` and `forget`.
    public let id: String
    /// Where it was last seen.
    public let path: String
    /// Its last count.
    public let words: Int?
    /// When it was last counted: it went missing after that.
    public let lastCounted: Date?

    /// Creates the row.
    public init(id: String, path: String, words: Int?, lastCounted: Date?) {
        self.id = id
        self.path = path
        self.words = words
        self.lastCounted = lastCounted
    }
}
