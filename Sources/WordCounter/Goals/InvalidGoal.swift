/// A goal that cannot be set: a daily goal must be at least one word.
public struct InvalidGoal: Error, Equatable, CustomStringConvertible {
    /// The words that were asked for.
    public let words: Int

    /// Creates the error.
    public init(words: Int) {
        self.words = words
    }

    public var description: String { "a daily goal must be at least 1 word, not \(words)" }
}
