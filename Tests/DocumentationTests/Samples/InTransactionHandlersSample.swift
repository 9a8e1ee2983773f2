import Foundation
import Harbor
import HarborRelay
import HarborTesting
import Synchronization
import Testing

/// The samples of in-transaction handlers (the EventsAndHandlers article,
/// `EventBus.handleInTransaction` and `UseCaseRunner.onInTransaction`) and of a broker
/// subscriber that lists no event type.
@Suite("Sample: in-transaction handlers and integration events")
struct InTransactionHandlersSample {
    struct Stock: Aggregate, Equatable {
        static let collection = "stock"
        let id: String
        var available: Int

        mutating func reserve(_ quantity: Int) throws {
            guard quantity <= available else { throw OutOfStock(sku: id) }
            available -= quantity
        }
    }

    struct OutOfStock: Error, Equatable {
        let sku: String
    }

    struct OrderPlaced: DomainEvent {
        let orderID: String
        let sku: String
        let quantity: Int
    }

    struct ShopServices: Sendable {
        let persistence: Persistence
    }

    struct PlaceOrder: UseCase {
        let orderID: String
        let sku: String
        let quantity: Int

        func execute(in context: RunContext<ShopServices>) async throws {
            try await context.persistence.perform { unitOfWork in
                try unitOfWork.record(OrderPlaced(orderID: orderID, sku: sku, quantity: quantity))
            }
        }
    }

    struct ReserveStock: UseCase {
        let sku: String
        let quantity: Int

        func execute(in context: RunContext<ShopServices>) async throws {
            try await context.persistence.perform { unitOfWork in
                let stock = unitOfWork.repository(Stock.self)
                guard var item = try await stock.find(sku) else { throw OutOfStock(sku: sku) }
                try item.reserve(quantity)
                try stock.update(item)
            }
        }
    }

    /// A message broker's client, as the broker sample sees it.
    final class Publisher: Sendable {
        let sent = Mutex<[String]>([])

        func send(topic: String, body: Data, messageID: String) async throws {
            sent.withLock { $0.append("\(messageID) \(topic)") }
        }
    }

    static func stocked(_ available: Int) async throws -> Persistence {
        let persistence = Persistence(store: InMemoryStore(), errorHandler: { _ in })
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Stock.self).add(Stock(id: "mug", available: available))
        }
        return persistence
    }

    static func register(on bus: EventBus) {
        bus.handleInTransaction(OrderPlaced.self) { event, unitOfWork in
            let stock = unitOfWork.repository(Stock.self)
            guard var item = try await stock.find(event.sku) else { throw OutOfStock(sku: event.sku) }
            try item.reserve(event.quantity)
            try stock.update(item)
        }
    }

    static func application(_ persistence: Persistence) -> UseCaseRunner<ShopServices> {
        let app = UseCaseRunner(services: ShopServices(persistence: persistence))
        app.onInTransaction(OrderPlaced.self, from: persistence.events) { event, app in
            try await app.run(ReserveStock(sku: event.sku, quantity: event.quantity))
        }
        return app
    }

    @Test("the bus's handler reserves stock in the order's commit; no stock, no order")
    func busHandler() async throws {
        let persistence = try await Self.stocked(3)
        Self.register(on: persistence.events)
        let app = UseCaseRunner(services: ShopServices(persistence: persistence))
        try await app.run(PlaceOrder(orderID: "o1", sku: "mug", quantity: 2))
        #expect(try await persistence.repository(Stock.self).find("mug")?.available == 1)
        await #expect(throws: OutOfStock(sku: "mug")) {
            try await app.run(PlaceOrder(orderID: "o2", sku: "mug", quantity: 2))
        }
        let placed = try await persistence.store.events(after: 0, limit: 10).map(\.event.name)
        #expect(placed == [OrderPlaced.eventName])
    }

    @Test("the runner's handler runs a use case that joins the order's unit of work")
    func runnerHandler() async throws {
        let persistence = try await Self.stocked(1)
        let app = Self.application(persistence)
        await #expect(throws: OutOfStock(sku: "mug")) {
            try await app.run(PlaceOrder(orderID: "o1", sku: "mug", quantity: 2))
        }
        #expect(try await persistence.store.events(after: 0, limit: 10).isEmpty)
        try await app.run(PlaceOrder(orderID: "o2", sku: "mug", quantity: 1))
        #expect(try await persistence.repository(Stock.self).find("mug")?.available == 0)
    }

    @Test("a broker subscriber gets every outbox event undecoded, and no in-process one")
    func broker() async throws {
        struct Refreshed: DomainEvent { static let delivery = EventDelivery.inProcess }
        let persistence = try await Self.stocked(5)
        let publisher = Publisher()
        let broker = DurableSubscriber(name: "broker")
            .onAny { event, position in
                try await publisher.send(topic: event.name, body: event.payload, messageID: "\(position)")
            }
        try await persistence.perform { unitOfWork in
            try unitOfWork.record(OrderPlaced(orderID: "o1", sku: "mug", quantity: 1))
            try unitOfWork.record(Refreshed())
        }
        let relay = OutboxRelay(store: persistence.store, subscribers: [broker])
        _ = await relay.deliverPending()
        #expect(publisher.sent.withLock { $0 } == ["1 \(OrderPlaced.eventName)"])
    }
}
