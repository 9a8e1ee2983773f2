import Boxes
import Harbor
import Synchronization
import Testing

/// The sample of `EventBus`'s doc comment.
@Suite("Sample: EventBus")
struct EventBusSample {
    /// What the sample's asynchronous handler feeds: a search index of box identifiers.
    final class SearchIndex: Sendable {
        private let identifiers = Mutex<[String]>([])

        func index(_ identifier: String) async throws {
            identifiers.withLock { $0.append(identifier) }
        }

        var indexed: [String] { identifiers.withLock { $0 } }
    }

    static func publish(to search: SearchIndex) async -> Subscription {
        let bus = EventBus()
        let subscription = bus.subscribe(to: BoxProvisioned.self) { event in
            print("provisioned \(event.title)")  // at once, on the publishing task
        }
        bus.handle(BoxProvisioned.self) { event in
            try await search.index(event.boxID)  // later, in a task of its own
        }
        bus.publish(BoxProvisioned(boxID: "1", title: "Books"))
        await bus.waitForHandlers()
        return subscription
    }

    @Test("a subscriber hears the event at once, a handler in its own task")
    func sample() async {
        let search = SearchIndex()
        let subscription = await Self.publish(to: search)
        #expect(search.indexed == ["1"])
        subscription.cancel()
    }
}
