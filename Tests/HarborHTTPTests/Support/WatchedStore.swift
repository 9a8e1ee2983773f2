import Harbor
import HarborTesting

/// An in-memory store that reports the first time the outbox is read.
final class WatchedStore: ForwardingStore {
    let base: any Store = InMemoryStore()
    let firstEventsRead = Gate()

    func events(after position: Int64, limit: Int) async throws -> [StoredEvent] {
        let events = try await base.events(after: position, limit: limit)
        firstEventsRead.open()
        return events
    }
}
