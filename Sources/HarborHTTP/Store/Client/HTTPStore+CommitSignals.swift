import Foundation
import Harbor

extension HTTPStore {
    /// How long one long poll of ``commitSignals()`` waits before it asks again.
    static let signalWait = Duration.seconds(25)

    /// Signals each commit the server sees — through it, by any client, or one its store's own
    /// commit signals report — by long-polling `GET /signals`; never nil.
    ///
    /// The stream signals once as soon as it is watching (anything committed before that is
    /// covered), then after each commit. While the server cannot be reached it tries again with
    /// backoff (up to 5 s) and signals when it is back, since commits may have been missed.
    /// Dropping the stream cancels the poll in flight.
    public func commitSignals() -> AsyncStream<Void>? {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let task = Task { [self] in
            await watch(continuation)
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func watch(_ continuation: AsyncStream<Void>.Continuation) async {
        var seen: UInt64?
        // Tries until cancelled: 100 ms after the first failure, doubling up to 5 s.
        let reconnect = Backoff(maxAttempts: .max, initialDelay: .milliseconds(100), maxDelay: .seconds(5))
        var failures = 0
        while !Task.isCancelled {
            do {
                var endpoint = StoreAPI.signals
                var query: [URLQueryItem] = []
                if let seen {
                    endpoint.timeout = longPollTimeout(Self.signalWait)
                    query = [
                        URLQueryItem(name: "after", value: "\(seen)"),
                        URLQueryItem(name: "wait", value: Self.seconds(Self.signalWait)),
                    ]
                }
                let generation = try await send(endpoint, EndpointCall(body: NoContent(), query: query)).value
                if generation != seen { continuation.yield() }
                seen = generation
                failures = 0
            } catch {
                if Task.isCancelled { return }
                service.configuration.logger.debug(
                    "commit signals: the server is unreachable", metadata: ["error": "\(error)"])
                seen = nil  // signal again once it answers: commits may have been missed
                failures += 1
                do {
                    try await Task.sleep(for: reconnect.delay(after: failures))
                } catch {
                    return
                }
            }
        }
    }
}
