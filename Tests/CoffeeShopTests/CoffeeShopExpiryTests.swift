import CoffeeShop
import Foundation
import Harbor
import HarborTesting
import Testing

/// Orders left open are cancelled when their time comes: the expiry is scheduled with the order,
/// run by Harbor's scheduler on a `TestClock`, and follows the order when it is served,
/// cancelled, deleted or replaced.
@Suite("Coffee shop: orders left open are cancelled", .timeLimit(.minutes(2)))
struct CoffeeShopExpiryTests {
    let store = FakeStore(wrapping: InMemoryStore())
    let clock = TestClock()

    @Test("an order left open for an hour is cancelled then, not a minute before; once")
    func leftOpen() async throws {
        let shop = ShopProcess(store: store, clock: clock)
        let id = try await shop.app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        let commits = store.commitCount
        #expect(try await shop.scheduledCount() == 1, "scheduled in the order's own commit")
        #expect(try await shop.order(id)?.cancelsAt == clock.date.addingTimeInterval(3_600))

        clock.advance(by: .seconds(59 * 60))
        #expect(await shop.scheduler.runDue() == 0)
        #expect(try await shop.list().first?.status == .open)
        #expect(store.commitCount == commits, "nothing due, nothing written")

        clock.advance(by: .seconds(61))
        #expect(await shop.scheduler.runDue() == 1)
        let listed = try #require(try await shop.list().first)
        #expect(listed.status == .cancelled && listed.wasLeftOpen)
        #expect(listed.line == "\(id)  cancelled  Ada: 1 × latte (left open)")
        #expect(try await shop.scheduledCount() == 0)
        clock.advance(by: .seconds(3_600))
        #expect(await shop.scheduler.runDue() == 0, "it ran once")
        #expect(shop.schedulerErrors.all.isEmpty)

        let refused = await #expect(throws: OrderError.self) {
            try await shop.app.run(AddItem(orderID: id, item: "cake"))
        }
        #expect(refused?.description.hasPrefix("order \(id) was cancelled because it was left open until ") == true)
    }

    @Test("a served order stays served: its expiry is taken back when it is served")
    func served() async throws {
        let shop = ShopProcess(store: store, clock: clock)
        let id = try await shop.app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        clock.advance(by: .seconds(30 * 60))
        try await shop.app.run(ServeOrder(orderID: id.uppercased()))
        #expect(try await shop.scheduledCount() == 0)
        clock.advance(by: .seconds(2 * 3_600))
        #expect(await shop.scheduler.runDue() == 0)
        #expect(try await shop.list() == [OrderSummary(id: id, customer: "Ada", status: .served, items: ["1 × latte"])])
        // Even run by hand (one in flight when the order was served), the expiry changes nothing.
        #expect(try await shop.app.run(ExpireOrder(orderID: id)) == nil)
        #expect(try await shop.order(id)?.status == .served)
        await #expect(throws: OrderError.served(id: id)) { try await shop.app.run(CancelOrder(orderID: id)) }
        await #expect(throws: OrderError.served(id: id)) { try await shop.app.run(AddItem(orderID: id, item: "x")) }
        await #expect(throws: OrderError.served(id: id)) { try await shop.app.run(ServeOrder(orderID: id)) }
    }

    @Test("an order with no items is not served; a cancelled one neither")
    func serveRefusals() async throws {
        let shop = ShopProcess(store: store, clock: clock)
        let empty = try await shop.app.run(CreateOrder(customer: "Grace"))
        await #expect(throws: OrderError.nothingToServe(id: empty)) {
            try await shop.app.run(ServeOrder(orderID: empty))
        }
        #expect(OrderError.nothingToServe(id: empty).description.contains("coffeeshop add \(empty) ITEM"))
        try await shop.app.run(CancelOrder(orderID: empty))
        await #expect(throws: OrderError.cancelled(id: empty)) { try await shop.app.run(ServeOrder(orderID: empty)) }
        #expect(try await shop.scheduledCount() == 0, "cancelling took the expiry back")
    }

    @Test("a deleted order's expiry goes with it; one that runs anyway finds nothing and fails nothing")
    func deleted() async throws {
        let shop = ShopProcess(store: store, clock: clock)
        let id = try await shop.app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        try await shop.app.run(DeleteOrders(orderIDs: [id]))
        #expect(try await shop.scheduledCount() == 0)
        clock.advance(by: .seconds(2 * 3_600))
        #expect(await shop.scheduler.runDue() == 0)
        #expect(try await shop.app.run(ExpireOrder(orderID: id)) == nil)
        #expect(try await shop.app.run(ExpireOrder(orderID: "never-was")) == nil)
        #expect(shop.schedulerErrors.all.isEmpty)
    }

    @Test("the expiry survives a restart: a new process over the same store runs it")
    func restart() async throws {
        let identifiers = ShopProcess.Identifiers()
        let before = ShopProcess(store: store, clock: clock, identifiers: identifiers)
        let id = try await before.app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        let kept = try await before.app.run(CreateOrder(customer: "Grace", items: ["mocha"]))
        try await before.app.run(ServeOrder(orderID: kept))

        clock.advance(by: .seconds(3 * 3_600))
        let after = ShopProcess(store: store, clock: clock, identifiers: identifiers)
        #expect(await after.scheduler.runDue() == 1)
        #expect(try await after.list().map(\.status) == [.cancelled, .served])
        #expect(try await after.order(id)?.wasLeftOpen == true)
    }

    @Test("two processes running what is due at once cancel the order once")
    func twoSchedulers() async throws {
        let identifiers = ShopProcess.Identifiers()
        let first = ShopProcess(store: store, clock: clock, identifiers: identifiers)
        let second = ShopProcess(store: store, clock: clock, identifiers: identifiers)
        let id = try await first.app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        clock.advance(by: .seconds(3_601))
        async let one = first.scheduler.runDue()
        async let other = second.scheduler.runDue()
        #expect(await one + other == 1)
        #expect(try await first.order(id)?.status == .cancelled)
        #expect(try await first.scheduledCount() == 0)
    }

    @Test("without a limit an order stays open until it is served or cancelled")
    func noLimit() async throws {
        let shop = ShopProcess(store: store, clock: clock, cancelOpenAfter: nil)
        let id = try await shop.app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        #expect(try await shop.scheduledCount() == 0)
        clock.advance(by: .seconds(30 * 24 * 3_600))
        #expect(await shop.scheduler.runDue() == 0)
        #expect(try await shop.order(id)?.status == .open)
    }

    @Test("an import schedules its open orders' expiries from the import; --replace moves an expiry")
    func importedOrders() async throws {
        let shop = ShopProcess(store: store, clock: clock)
        let long = Date(timeIntervalSince1970: 1_700_000_000)
        let ids = try await shop.app.run(
            ImportOrders(orders: [
                OrderObject(id: "a1", customer: "Ada", placedAt: long, items: [.init(name: "latte")]),
                OrderObject(id: "b1", customer: "Grace", status: "served", items: [.init(name: "mocha")]),
                OrderObject(id: "c1", customer: "Alan", status: "cancelled"),
            ]))
        #expect(ids == ["a1", "b1", "c1"])
        #expect(try await shop.scheduledCount() == 1, "only the open order waits")
        #expect(await shop.scheduler.runDue() == 0, "an order placed long ago is not cancelled on import")

        clock.advance(by: .seconds(30 * 60))
        // Replaced by an open order: its expiry moves to an hour after this import.
        _ = try await shop.app.run(
            ImportOrders(orders: [OrderObject(id: "a1", customer: "Ada", placedAt: long)], replacingExisting: true))
        #expect(try await shop.scheduledCount() == 1)
        clock.advance(by: .seconds(45 * 60))
        #expect(await shop.scheduler.runDue() == 0, "the first import's time has passed, the second's not")
        clock.advance(by: .seconds(16 * 60))
        #expect(await shop.scheduler.runDue() == 1)
        #expect(try await shop.order("a1")?.wasLeftOpen == true)

        // Replaced by a served order: the expiry is taken back.
        _ = try await shop.app.run(
            ImportOrders(orders: [OrderObject(id: "d1", customer: "Margaret", items: [.init(name: "tea")])]))
        _ = try await shop.app.run(
            ImportOrders(
                orders: [OrderObject(id: "d1", customer: "Margaret", status: "served", items: [.init(name: "tea")])],
                replacingExisting: true))
        #expect(try await shop.scheduledCount() == 0)
    }

    @Test("another OrderRepository serves the use cases; ExpireOrder needs only its order and update")
    func anotherRepository() async throws {
        let orders = DictionaryOrderRepository()
        let app = UseCaseRunner(
            services: CoffeeShopServices(orders: orders, newOrderID: { "t1" }, now: { clock.date }))
        let id = try await app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        clock.advance(by: .seconds(3_600))
        // This repository arranges no expiry: a test runs it by hand.
        #expect(try await app.run(ExpireOrder(orderID: id))?.status == .cancelled)
        #expect(try await app.run(ListOrders()).first?.wasLeftOpen == true)
    }
}
