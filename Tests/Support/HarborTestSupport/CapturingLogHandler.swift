package import Logging

/// Keeps log messages with their metadata.
package struct CapturingLogHandler: LogHandler {
    package let lines: Collected<(Logger.Level, String, Logger.Metadata)>
    package var metadata: Logger.Metadata = [:]
    package var logLevel: Logger.Level = .trace

    package init(lines: Collected<(Logger.Level, String, Logger.Metadata)>) {
        self.lines = lines
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        lines.append((event.level, event.message.description, metadata.merging(event.metadata ?? [:]) { $1 }))
    }
}
