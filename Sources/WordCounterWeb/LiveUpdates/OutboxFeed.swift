import Harbor
public import HarborRelay
public import ServiceLifecycle
import WordCounter

/// Follows the store's outbox from its end and feeds every committed event, whoever committed it,
/// to the live clients and the summary cache: the service `wordcounter serve` runs beside the server.
///
/// Guarantees:
/// - Every commit to the store while it runs reaches the open pages, in commit order: the
///   server's own commits wake it through the event bus at once, other processes' commits
///   through the store's commit signals (SQLite: within milliseconds), else by polling.
/// - Nothing is stored for it: its position lives in memory, so a stopped server never holds back
///   the outbox's pruning; an event that does not decode is skipped, since a live view only
///   needs the newest state.
/// - It ends on graceful shutdown or cancellation.
public struct OutboxFeed: Service {
    /// The relay that follows the outbox.
    public let relay: OutboxRelay

    /// Creates the feed of `server`, over its services' store and woken by their event bus.
    init(server: WebServer, pollInterval: Duration = .milliseconds(200)) {
        let hub = server.liveUpdates
        let summaries = server.summaries
        let subscriber = DurableSubscriber(name: "wordcounter.serve.live-updates")
            .onAny { encoded, _ in
                guard let object = LiveUpdateObject(encoded: encoded) else { return }
                summaries.invalidate()
                hub.broadcast(object)
            }
            .followingFromEnd()
        let persistence = server.app.services.persistence
        relay = OutboxRelay(
            store: persistence.store, wakingOn: persistence.events, subscribers: [subscriber],
            pollInterval: pollInterval, retry: Backoff(maxAttempts: 1), retention: .keepAll)
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await relay.run()
        }
    }
}

extension WebServer {
    /// The service that feeds ``liveUpdates`` from the store's outbox; run it beside the
    /// application when the server was made with ``ChangeSource/outbox``.
    public func outboxFeed(pollInterval: Duration = .milliseconds(200)) -> OutboxFeed {
        OutboxFeed(server: self, pollInterval: pollInterval)
    }
}
