import ArgumentParser

/// Where the artists are kept, as given on the command line: `sqlite:FILE` or `memory`.
enum StoreLocation: Equatable, Sendable {
    case sqlite(path: String)
    case memory

    /// The location used when none is given.
    static let standard = "sqlite:artists.sqlite"

    /// Parses a location.
    /// - Throws: `ValidationError` explaining the accepted forms.
    init(parsing text: String) throws {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("sqlite:"), text.count > 7 {
            self = .sqlite(path: String(text.dropFirst(7)))
        } else {
            throw ValidationError("unknown store '\(text)': use sqlite:FILE (like sqlite:artists.sqlite) or memory")
        }
    }
}
