/// One file counted by `wordcounter count`, without tracking it.
public struct CountedFile: Sendable, Equatable, Codable {
    /// The path as given.
    public let path: String
    /// Its words; nil when it could not be counted.
    public let words: Int?
    /// Why it could not be counted.
    public let problem: String?

    /// Creates a counted file.
    public init(path: String, words: Int?, problem: String?) {
        self.path = path
        self.words = words
        self.problem = problem
    }
}
