import Harbor
import HarborRelay
import WordCounter

/// The samples of `DurableSubscriber`'s and `OutboxRelay`'s doc comments, compiled (a relay runs
/// until it is cancelled; `OutboxRelayTests` in HarborTests run one).
enum OutboxRelaySample {
    static func refresh(_ fileID: String) async throws {}

    static func flag(_ fileID: String) async throws {}

    static func relay(store: any Store, persistence: Persistence) async {
        let projector = DurableSubscriber(name: "dashboard")
            .on(WordCountChanged.self) { event, position in try await refresh(event.fileID) }
            .on(FileWentMissing.self) { event, _ in try await flag(event.fileID) }
        let relay = OutboxRelay(store: store, wakingOn: persistence.events, subscribers: [projector])
        await relay.run()  // until the task is cancelled
    }
}
