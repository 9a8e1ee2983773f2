/// Why a folder cannot take the shared name asked for with `wordcounter track FOLDER --as NAME`.
public struct SharedNameError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, and what to do.
    public let description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }

    /// Why `name` cannot name a folder shared by machines, or nil when it can: not empty, no `/`,
    /// no control character, at most 255 bytes (a folder's own name could be it).
    public static func problem(with name: String) -> String? {
        if name.isEmpty { return "a shared name cannot be empty" }
        if name.contains("/") { return "a shared name is one folder's name, without '/'" }
        if name == "." || name == ".." { return "'\(name)' cannot be a shared name" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "a shared name holds no control character"
        }
        if name.utf8.count > 255 { return "a shared name is at most 255 bytes" }
        return nil
    }
}
