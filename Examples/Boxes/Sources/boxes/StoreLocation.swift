import ArgumentParser
import Foundation

/// Where the Boxes data lives, as given on the command line: `json:FOLDER`, `sqlite:FILE` or `memory`.
enum StoreLocation: Equatable {
    case jsonFiles(folder: String)
    case sqlite(path: String)
    case memory

    /// Parses a location.
    /// - Throws: `ValidationError` explaining the accepted forms.
    init(parsing text: String) throws {
        if text == "memory" {
            self = .memory
        } else if text.hasPrefix("json:"), text.count > 5 {
            self = .jsonFiles(folder: String(text.dropFirst(5)))
        } else if text.hasPrefix("sqlite:"), text.count > 7 {
            self = .sqlite(path: String(text.dropFirst(7)))
        } else {
            throw ValidationError("unknown store '\(text)': use json:FOLDER, sqlite:FILE or memory")
        }
    }
}
