import Hummingbird
import ServiceLifecycle

/// `GET /api/events`: a `text/event-stream` of ``LiveUpdateObject`` messages, one per domain event.
///
/// The stream stays open until the client leaves, the hub closes, or the server shuts down
/// gracefully (so open dashboards never hold a shutdown up). A client that closes its connection
/// is noticed at once, when the connection's inbound side closes, not at the next message: its
/// stream ends, the hub forgets it and the socket is closed, so a page that opens and closes
/// `EventSource` in a loop leaves no sockets in `CLOSE-WAIT`. A comment line every
/// `heartbeat` keeps proxies from dropping a quiet stream and finds peers that vanished without
/// closing (a write to them fails).
struct LiveUpdateRoutes: Sendable {
    let hub: LiveUpdateHub
    /// How long a stream may stay quiet before a comment is written to it; nil: never.
    let heartbeat: Duration?
    /// The clock the heartbeat is measured on.
    let clock: any Clock<Duration>

    /// Adds the route to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("api/events") { request, _ in events(request) }
    }

    /// The streaming response.
    func events(_ request: Request) -> Response {
        let hub = hub
        let heartbeat = heartbeat
        let clock = clock
        let body = ResponseBody { writer in
            // Without this, a client that went away is seen only when the next message is written:
            // until then its socket stays in CLOSE-WAIT and the hub keeps its buffer.
            try await request.body.consumeWithCancellationOnInboundClose { _ in
                let updates = hub.connect()
                try await writer.write(ByteBuffer(string: ServerSentEvent.opening(retryMilliseconds: 3000)))
                // One writer, two sources: the hub's messages and the heartbeat, merged in order.
                let (frames, output) = AsyncStream<String>.makeStream()
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await update in updates {
                            guard let frame = try? ServerSentEvent(update).text else { continue }
                            output.yield(frame)
                        }
                        output.finish()
                    }
                    if let heartbeat {
                        group.addTask {
                            while (try? await clock.sleep(for: heartbeat)) != nil {
                                output.yield(ServerSentEvent.heartbeat)
                            }
                        }
                    }
                    // However the loop ends (the hub closed, shutdown, a failed write), both sources stop.
                    defer { group.cancelAll() }
                    for await frame in frames.cancelOnGracefulShutdown() {
                        try await writer.write(ByteBuffer(string: frame))
                    }
                }
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
                .xContentTypeOptions: "nosniff",
            ],
            body: body)
    }
}
