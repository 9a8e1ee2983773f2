import CoffeeShop
import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Testing

/// `CreateOrderOnce`: a request sent again takes no second order, in this process or another,
/// one after the other or at once.
@Suite("Coffee shop: a request takes one order", .timeLimit(.minutes(2)))
struct CoffeeShopIdempotencyTests {
    let clock = TestClock()

    @Test("the same request twice takes one order and answers the same identifier; another takes another")
    func sameRequestTwice() async throws {
        let store = FakeStore(wrapping: InMemoryStore())
        let shop = ShopProcess(store: store, clock: clock)
        let request = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Ada", items: ["latte"]))
        let first = try await shop.app.run(request)
        let commits = store.commitCount
        let again = try await shop.app.run(request)
        #expect(again == first)
        #expect(store.commitCount == commits, "the answer was kept: nothing ran, nothing was written")
        #expect(try again.orderID(for: request) == first.orderID)
        let other = try await shop.app.run(
            CreateOrderOnce(requestID: "req-2", order: CreateOrder(customer: "Ada", items: ["latte"])))
        #expect(other.orderID != first.orderID)
        #expect(try await shop.list().count == 2)
        #expect(try await shop.scheduledCount() == 2, "each order with its expiry")
    }

    @Test("a request identifier used again for another order is refused, naming the order it took")
    func reused() async throws {
        let shop = ShopProcess(store: InMemoryStore(), clock: clock)
        let first = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Ada", items: ["latte"]))
        let id = try await shop.app.run(first).orderID
        let second = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Grace", items: ["latte"]))
        let receipt = try await shop.app.run(second)
        #expect(throws: OrderError.requestReused(requestID: "req-1", orderID: id)) { try receipt.orderID(for: second) }
        #expect(try await shop.list().count == 1)
    }

    @Test("a refused order keeps nothing: the request may be sent again, mended")
    func refusedKeepsNothing() async throws {
        let shop = ShopProcess(store: InMemoryStore(), clock: clock)
        await #expect(throws: OrderError.emptyCustomer) {
            try await shop.app.run(CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: " ")))
        }
        await #expect(throws: OrderError.badRequestID("no spaces")) {
            try await shop.app.run(CreateOrderOnce(requestID: "no spaces", order: CreateOrder(customer: "Ada")))
        }
        let mended = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Ada"))
        #expect(try await shop.app.run(mended).order == mended.order)
        #expect(try await shop.list().count == 1)
    }

    @Test("the request is answered by another process after a restart, and runs again after 24 hours")
    func anotherProcess() async throws {
        let store = InMemoryStore()
        let identifiers = ShopProcess.Identifiers()
        let request = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Ada", items: ["latte"]))
        let first = try await ShopProcess(store: store, clock: clock, identifiers: identifiers).app.run(request)
        clock.advance(by: .seconds(23 * 3_600))
        let restarted = ShopProcess(store: store, clock: clock, identifiers: identifiers)
        #expect(try await restarted.app.run(request) == first)
        clock.advance(by: .seconds(3_600))
        #expect(try await restarted.app.run(request).orderID != first.orderID, "kept for 24 hours")
        #expect(try await restarted.list().count == 2)
    }

    @Test("two processes sending one request at once over one SQLite file take one order")
    func racingOverSQLite() async throws {
        let folder = try TemporaryFolder()
        defer { try? folder.remove() }
        let path = folder.file("shop.sqlite")
        let identifiers = ShopProcess.Identifiers()
        // Two stores on the file, as two processes open it; the first is held at its commit.
        let held = FakeStore(wrapping: try SQLiteStore(path: path))
        let first = ShopProcess(store: held, clock: clock, identifiers: identifiers)
        let second = ShopProcess(store: try SQLiteStore(path: path), clock: clock, identifiers: identifiers)
        let request = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Ada", items: ["latte"]))

        let hold = held.holdNextCommit()
        let slow = Task { try await first.app.run(request) }
        await hold.waitForArrivals(1)  // found no answer, took its order, waits at its commit
        let fast = try await second.app.run(request)
        hold.release()
        let late = try await slow.value
        #expect(late == fast, "the late one returns the first one's order")
        #expect(try await second.list().map(\.id) == [fast.orderID], "its own order was never written")
        #expect(try await second.scheduledCount() == 1, "nor its expiry")
    }

    @Test("a run that stalls while another process takes and answers its request takes no order")
    func answeredMeanwhile() async throws {
        let folder = try TemporaryFolder()
        defer { try? folder.remove() }
        let path = folder.file("shop.sqlite")
        let identifiers = ShopProcess.Identifiers()
        // The first process's first read of a document waits on `gate`: it looks for the answer.
        let gate = TestClock()
        let slowReads = FakeStore(wrapping: try SQLiteStore(path: path), delay: .zero, clock: gate)
        slowReads.setDelay(.seconds(1), for: .document)
        let first = ShopProcess(store: slowReads, clock: clock, identifiers: identifiers)
        let second = ShopProcess(store: try SQLiteStore(path: path), clock: clock, identifiers: identifiers)
        let request = CreateOrderOnce(requestID: "req-1", order: CreateOrder(customer: "Ada", items: ["latte"]))

        let slow = Task { try await first.app.run(request) }
        try await gate.waitForSleepers(1)
        let fast = try await second.app.run(request)
        slowReads.setDelay(.zero, for: .document)
        gate.advance(by: .seconds(1))
        #expect(try await slow.value == fast)
        #expect(try await second.list().map(\.id) == [fast.orderID])
    }

    @Test("many requests, each sent by two processes at once over one SQLite file, take one order each")
    func manyRacing() async throws {
        let folder = try TemporaryFolder()
        defer { try? folder.remove() }
        let path = folder.file("shop.sqlite")
        let identifiers = ShopProcess.Identifiers()
        let one = ShopProcess(store: try SQLiteStore(path: path), clock: clock, identifiers: identifiers)
        let other = ShopProcess(store: try SQLiteStore(path: path), clock: clock, identifiers: identifiers)
        let requests = (1...12).map {
            CreateOrderOnce(requestID: "req-\($0)", order: CreateOrder(customer: "Customer \($0)", items: ["tea"]))
        }
        let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for request in requests {
                for shop in [one, other] {
                    group.addTask { (request.requestID, try await shop.app.run(request).orderID) }
                }
            }
            return try await group.reduce(into: [String: Set<String>]()) { $0[$1.0, default: []].insert($1.1) }
        }
        #expect(answers.count == 12 && answers.values.allSatisfy { $0.count == 1 }, "\(answers)")
        #expect(try await one.list().count == 12)
    }
}
