import Harbor
import HarborTestSupport
import Testing

@Suite("Event bus")
struct EventBusTests {
    @Test("subscribers get the events of their type, in publication order")
    func typedDelivery() {
        let bus = EventBus()
        let added = Collected<String>()
        let removed = Collected<String>()
        let first = bus.subscribe(to: NoteAdded.self) { added.append("first \($0.text)") }
        let second = bus.subscribe(to: NoteAdded.self) { added.append("second \($0.text)") }
        let third = bus.subscribe(to: NoteRemoved.self) { removed.append($0.text) }
        bus.publish(NoteAdded(text: "a"))
        bus.publish(NoteRemoved(text: "b"))
        bus.publish(NoteAdded(text: "c"))
        #expect(added.values == ["first a", "second a", "first c", "second c"])
        #expect(removed.values == ["b"])
        _ = (first, second, third)
    }

    @Test("a failing handler does not stop the others; its error reaches the error handler")
    func failingHandler() {
        let errors = Collected<String>()
        let bus = EventBus { error, event, handler in
            errors.append("\(error is HandlerFailure) \(type(of: event)) \(handler)")
        }
        let received = Collected<String>()
        let failing = bus.subscribe(to: NoteAdded.self, name: "indexer") { _ in throw HandlerFailure() }
        let working = bus.subscribe(to: NoteAdded.self) { received.append($0.text) }
        bus.publish(NoteAdded(text: "x"))
        #expect(received.values == ["x"])
        #expect(errors.values == ["true NoteAdded indexer"])
        _ = (failing, working)
    }

    @Test("cancelling or releasing a subscription stops delivery")
    func cancellation() {
        let bus = EventBus()
        let received = Collected<String>()
        let subscription = bus.subscribe(to: NoteAdded.self) { received.append($0.text) }
        bus.publish(NoteAdded(text: "before"))
        subscription.cancel()
        bus.publish(NoteAdded(text: "after"))
        do {
            let released = bus.subscribe(to: NoteAdded.self) { received.append("released \($0.text)") }
            _ = released
        }
        bus.publish(NoteAdded(text: "later"))
        #expect(received.values == ["before"])
    }

    @Test("subscribers to all events and events published without a static type")
    func everything() {
        let bus = EventBus()
        let names = Collected<String>()
        let typed = Collected<String>()
        let all = bus.subscribeToAll { names.append(type(of: $0).eventName) }
        let one = bus.subscribe(to: NoteRemoved.self) { typed.append($0.text) }
        let events: [any DomainEvent] = [NoteAdded(text: "a"), NoteRemoved(text: "b")]
        for event in events { bus.publish(any: event) }
        #expect(names.values == ["test.note-added", "NoteRemoved"])
        #expect(typed.values == ["b"])
        _ = (all, one)
    }

    @Test("an AsyncSequence subscription yields events in order")
    func asyncSequence() async {
        let bus = EventBus()
        let stream = bus.events(of: NoteAdded.self)
        for text in ["1", "2", "3"] { bus.publish(NoteAdded(text: text)) }
        var received: [String] = []
        for await event in stream {
            received.append(event.text)
            if received.count == 3 { break }
        }
        #expect(received == ["1", "2", "3"])
    }

    @Test("events encode with their stable name and decode only as their own type")
    func encoding() throws {
        let encoded = try EncodedEvent(NoteAdded(text: "hello"), occurredAt: .init(timeIntervalSince1970: 0))
        #expect(encoded.name == "test.note-added")
        #expect(try encoded.decode(as: NoteAdded.self) == NoteAdded(text: "hello"))
        #expect(try encoded.decode(as: NoteRemoved.self) == nil)
    }
}
