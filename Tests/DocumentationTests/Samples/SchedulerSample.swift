import Harbor
import Testing

/// Cancels an order left unpaid (the sample of `Scheduler`'s doc comment).
struct CancelUnpaidOrder: UseCase, Codable {
    let orderID: String

    func execute(in context: RunContext<ShopServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let orders = unitOfWork.repository(Order.self)
            if let order = try await orders.find(orderID) { try orders.remove(order) }
        }
    }
}

/// Places `order`, schedules its cancellation an hour later, and runs the scheduler until the
/// task is cancelled: `Scheduler`'s doc comment, word for word.
func placeAndSchedule(_ order: Order, app: UseCaseRunner<ShopServices>, services: ShopServices) async throws {
    let scheduler = Scheduler(runner: app, persistence: services.persistence)
        .register(CancelUnpaidOrder.self)
    try await services.persistence.perform { unitOfWork in
        try unitOfWork.repository(Order.self).add(order)
        try unitOfWork.schedule(CancelUnpaidOrder(orderID: order.id), after: .seconds(3_600))
    }
    await scheduler.run()  // until the task is cancelled
}

@Suite("Sample: Scheduler")
struct SchedulerSample {
    @Test("the order and its scheduled cancellation are committed together; the scheduler waits for it")
    func scheduled() async throws {
        let services = ShopServices(persistence: Persistence(store: InMemoryStore()))
        let app = UseCaseRunner(services: services)
        let order = Order(id: "o1", buyerID: "b1")
        let running = Task { try await placeAndSchedule(order, app: app, services: services) }
        var placed = false
        while !placed {  // the sample's commit, awaited by polling the store rather than sleeping
            placed = try await services.persistence.repository(Order.self).find("o1") != nil
            await Task.yield()
        }
        running.cancel()
        try await running.value
        #expect(try await services.persistence.store.count(matching: DocumentQuery(collection: "harbor-schedule")) == 1)
        #expect(try await services.persistence.repository(Order.self).find("o1") != nil)
    }
}
