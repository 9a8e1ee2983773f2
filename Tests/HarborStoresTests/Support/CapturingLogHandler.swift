import Logging

/// Keeps log messages with their metadata.
struct CapturingLogHandler: LogHandler {
    let lines: Collected<(Logger.Level, String, Logger.Metadata)>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append((event.level, event.message.description, metadata.merging(event.metadata ?? [:]) { $1 }))
    }
}
