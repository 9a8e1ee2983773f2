import Logging

/// A log handler that escapes control characters in every message before another handler writes
/// it, so a file name in a log line cannot send escape sequences to the terminal.
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
        event.message = Logger.Message(stringLiteral: event.message.description.escapedKeepingLines)
        wrapped.log(event: event)
    }
}
