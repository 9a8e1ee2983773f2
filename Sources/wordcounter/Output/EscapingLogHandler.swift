import Logging

/// A log handler that escapes every control character (newlines included) in every message and
/// metadata value before another handler writes it: a log line stays one line, so a file name in
/// it can neither send escape sequences to the terminal nor forge a line of its own
/// (`two\nlines.md` is logged as `two\\nlines.md`).
struct EscapingLogHandler<Wrapped: LogHandler>: LogHandler {
    private var wrapped: Wrapped

    init(_ wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: event.message.description.escapedForTerminal)
        if let metadata = event.metadata {
            event.metadata = metadata.mapValues { .string($0.description.escapedForTerminal) }
        }
        wrapped.log(event: event)
    }
}
