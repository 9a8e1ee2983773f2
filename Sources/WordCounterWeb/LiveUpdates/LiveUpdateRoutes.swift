import Hummingbird
import ServiceLifecycle

/// `GET /api/events`: a `text/event-stream` of ``LiveUpdateObject`` messages, one per domain event.
///
/// The stream stays open until the client leaves, the hub closes, or the server shuts down
/// gracefully (so open dashboards never hold a shutdown up).
struct LiveUpdateRoutes: Sendable {
    let hub: LiveUpdateHub

    /// Adds the route to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("api/events") { _, _ in events() }
    }

    /// The streaming response.
    func events() -> Response {
        let hub = hub
        let body = ResponseBody { writer in
            let updates = hub.connect()
            try await writer.write(ByteBuffer(string: ServerSentEvent.opening(retryMilliseconds: 3000)))
            for await update in updates.cancelOnGracefulShutdown() {
                try await writer.write(ByteBuffer(string: try ServerSentEvent(update).text))
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
