import Harbor
import HarborTesting
import Testing

struct ItemShipped: DomainEvent, Equatable {
    static let eventName = "test.item-shipped"
    let item: String
}

struct ItemLost: DomainEvent, Equatable {
    let item: String
}

@Suite("EventRecorder")
struct EventRecorderTests {
    @Test("records every event in order, by type and by name")
    func records() {
        let bus = EventBus()
        let recorder = EventRecorder(bus)
        bus.publish(ItemShipped(item: "a"))
        bus.publish(ItemLost(item: "b"))
        bus.publish(ItemShipped(item: "c"))
        #expect(recorder.events(of: ItemShipped.self) == [ItemShipped(item: "a"), ItemShipped(item: "c")])
        #expect(recorder.events(of: ItemLost.self) == [ItemLost(item: "b")])
        #expect(recorder.names == ["test.item-shipped", "ItemLost", "test.item-shipped"])
        #expect(recorder.count == 3)
        recorder.removeAll()
        #expect(recorder.events.isEmpty)
    }

    @Test("stop ends recording and keeps what was recorded")
    func stops() {
        let bus = EventBus()
        let recorder = EventRecorder(bus)
        bus.publish(ItemShipped(item: "a"))
        recorder.stop()
        bus.publish(ItemShipped(item: "b"))
        #expect(recorder.events(of: ItemShipped.self) == [ItemShipped(item: "a")])
    }

    @Test("events published from many tasks are all recorded")
    func concurrentPublishing() async {
        let bus = EventBus()
        let recorder = EventRecorder(bus)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<100 { bus.publish(ItemShipped(item: "\(task)-\(index)")) }
                }
            }
        }
        #expect(recorder.count == 800)
        #expect(Set(recorder.events(of: ItemShipped.self).map(\.item)).count == 800)
    }
}
