/// Some of the paths a command was given could not be handled; the others were.
///
/// Commands throw it after doing all the work they could, so one bad path never stops the rest.
public struct PathProblems: Error, Equatable, CustomStringConvertible {
    /// Each path that failed, with why.
    public let problems: [Problem]

    /// One path and why it failed.
    public struct Problem: Equatable, Sendable {
        /// The path as given.
        public let path: String
        /// What went wrong, for a person.
        public let reason: String

        /// Creates a problem.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    /// Creates the error.
    public init(_ problems: [Problem]) {
        self.problems = problems
    }

    public var description: String {
        problems.map { "\($0.path): \($0.reason)" }.joined(separator: "\n")
    }
}
