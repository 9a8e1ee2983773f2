import Foundation

/// Writing to the terminal: standard error for messages, and whether a stream is a terminal.
enum Terminal {
    /// Writes a line to standard error.
    static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Whether standard output and standard error are both a terminal: a person is watching,
    /// and a progress bar makes sense.
    static var isInteractive: Bool { isatty(STDOUT_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Whether standard error is a terminal: someone sees what is drawn there, such as progress.
    static var errorsAreInteractive: Bool { isatty(STDERR_FILENO) == 1 }

    /// Writes a line to standard output at once, unbuffered, for a reader waiting on a pipe.
    static func standardOutput(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Encodes `value` as JSON on standard output, keys sorted, pretty-printed, every date and
    /// time in ISO 8601 with its offset (`2026-11-28T02:14:27Z`), as the web API writes them.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }
}
