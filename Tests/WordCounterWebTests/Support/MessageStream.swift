import Logging

/// A log handler that passes each message on to a stream, for a test to await.
struct MessageStream: LogHandler {
    let continuation: AsyncStream<String>.Continuation
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        continuation.yield(event.message.description)
    }
}
