import Foundation

/// The `text/event-stream` framing of a ``LiveUpdate``: `id:` and one `data:` line of JSON.
struct ServerSentEvent {
    /// The frame, ending with the blank line that dispatches it.
    let text: String

    /// The frame for `update`.
    init(_ update: LiveUpdate) throws {
        // JSON from JSONEncoder has no raw newlines (they are escaped), so one data line suffices.
        let json = String(decoding: try JSONEncoder.api.encode(update.object), as: UTF8.self)
        text = "id: \(update.sequence)\ndata: \(json)\n\n"
    }

    /// A comment that keeps a quiet stream open through proxies and shows whether the client is
    /// still there (the write fails when it is not); `EventSource` ignores it.
    static let heartbeat = ": keep-alive\n\n"

    /// The first frame: asks the browser to reconnect after `retryMilliseconds` if the stream drops.
    static func opening(retryMilliseconds: Int) -> String {
        "retry: \(retryMilliseconds)\n: connected to Word Counter's live updates\n\n"
    }
}
