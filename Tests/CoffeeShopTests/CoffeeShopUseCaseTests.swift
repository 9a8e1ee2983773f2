import CoffeeShop
import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing

/// The use cases on the fake environment: an in-memory store behind a `FakeStore`, numbered
/// identifiers and a clock that ticks a minute per order.
@Suite("Coffee shop use cases (fake environment)")
struct CoffeeShopUseCaseTests {
    let store = FakeStore(wrapping: InMemoryStore())

    /// An application over the shared store, as one process of the shop; `identifiers` are
    /// handed out in turn (then `order-N`).
    func app(identifiers: [String] = [], retrying: Bool = true) -> UseCaseRunner<CoffeeShopServices> {
        let counter = Mutex((queued: identifiers, next: 0, minutes: 0.0))
        let services = CoffeeShopServices(
            orders: StoredOrderRepository(persistence: Persistence(store: store, errorHandler: { _ in })),
            newOrderID: {
                counter.withLock { state in
                    if !state.queued.isEmpty { return state.queued.removeFirst() }
                    state.next += 1
                    return "order-\(state.next)"
                }
            },
            now: {
                counter.withLock { state in
                    state.minutes += 1
                    return Date(timeIntervalSince1970: 1_800_000_000 + state.minutes * 60)
                }
            })
        let retry = RetryMiddleware(backoff: Backoff(maxAttempts: 5, initialDelay: .zero))
        return UseCaseRunner(services: services, middleware: retrying ? [retry] : [])
    }

    @Test("an order is taken with its items and listed, oldest first")
    func createAndList() async throws {
        let app = app()
        let ada = try await app.run(CreateOrder(customer: " Ada ", items: ["latte", "cake", "Latte"]))
        let grace = try await app.run(CreateOrder(customer: "Grace"))
        #expect([ada, grace] == ["order-1", "order-2"])
        let orders = try await app.run(ListOrders())
        #expect(
            orders == [
                OrderSummary(id: "order-1", customer: "Ada", status: .open, items: ["2 × latte", "1 × cake"]),
                OrderSummary(id: "order-2", customer: "Grace", status: .open, items: []),
            ])
        #expect(orders[0].line == "order-1  open       Ada: 2 × latte, 1 × cake")
        #expect(orders[1].line == "order-2  open       Grace: (no items)")
    }

    @Test("adding an item the order has raises its quantity, ignoring case; removing drops the line")
    func addAndRemove() async throws {
        let app = app()
        let id = try await app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        try await app.run(AddItem(orderID: id, item: "LATTE", quantity: 2))
        try await app.run(AddItem(orderID: " \(id.uppercased()) ", item: "muffin"))
        #expect(try await app.run(ListOrders()).first?.items == ["3 × latte", "1 × muffin"])
        try await app.run(RemoveItem(orderID: id, item: "Latte"))
        #expect(try await app.run(ListOrders()).first?.items == ["1 × muffin"])
    }

    @Test("removing an item the order lacks is an error that names what it has; nothing changes")
    func removeMissing() async throws {
        let app = app()
        let id = try await app.run(CreateOrder(customer: "Ada", items: ["latte", "cake"]))
        let commits = store.commitCount
        let error = await #expect(throws: OrderError.self) { try await app.run(RemoveItem(orderID: id, item: "tea")) }
        #expect(error == .itemNotInOrder(id: id, item: "tea", items: ["latte", "cake"]))
        #expect(error?.description == "order \(id) has no \"tea\"; it has \"latte\", \"cake\"")
        #expect(store.commitCount == commits)
        let empty = try await app.run(CreateOrder(customer: "Grace"))
        await #expect(throws: OrderError.itemNotInOrder(id: empty, item: "tea", items: [])) {
            try await app.run(RemoveItem(orderID: empty, item: "tea"))
        }
    }

    @Test("a cancelled order is listed but cannot change: no add, no remove, no second cancel")
    func cancelled() async throws {
        let app = app()
        let id = try await app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        try await app.run(CancelOrder(orderID: id))
        await #expect(throws: OrderError.cancelled(id: id)) { try await app.run(AddItem(orderID: id, item: "cake")) }
        await #expect(throws: OrderError.cancelled(id: id)) {
            try await app.run(RemoveItem(orderID: id, item: "latte"))
        }
        await #expect(throws: OrderError.cancelled(id: id)) { try await app.run(CancelOrder(orderID: id)) }
        #expect(
            try await app.run(ListOrders()) == [
                OrderSummary(id: id, customer: "Ada", status: .cancelled, items: ["1 × latte"])
            ])
        #expect(OrderError.cancelled(id: id).description.contains("coffeeshop create"))
    }

    @Test("the list filters by status")
    func filter() async throws {
        let app = app()
        let first = try await app.run(CreateOrder(customer: "Ada"))
        let second = try await app.run(CreateOrder(customer: "Grace"))
        try await app.run(CancelOrder(orderID: first))
        #expect(try await app.run(ListOrders(status: .open)).map(\.id) == [second])
        #expect(try await app.run(ListOrders(status: .cancelled)).map(\.id) == [first])
        #expect(try await app.run(ListOrders()).map(\.id) == [first, second])
    }

    @Test("an unknown order, a blank customer or item and a bad quantity are refused; nothing is kept")
    func refusals() async throws {
        let app = app()
        await #expect(throws: OrderError.notFound(id: "nope")) {
            try await app.run(AddItem(orderID: "NOPE", item: "latte"))
        }
        #expect(OrderError.notFound(id: "nope").description.contains("coffeeshop list"))
        await #expect(throws: OrderError.emptyCustomer) { try await app.run(CreateOrder(customer: "  ")) }
        await #expect(throws: OrderError.emptyItemName) {
            try await app.run(CreateOrder(customer: "Ada", items: [" "]))
        }
        #expect(store.commitCount == 0)
        let id = try await app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        await #expect(throws: OrderError.badQuantity(0, limit: 20)) {
            try await app.run(AddItem(orderID: id, item: "latte", quantity: 0))
        }
        await #expect(throws: OrderError.tooMany(item: "latte", limit: 20)) {
            try await app.run(AddItem(orderID: id, item: "latte", quantity: 20))
        }
        #expect(try await app.run(ListOrders()).first?.items == ["1 × latte"])
    }

    @Test("two edits of one order at once conflict; without a retry the second fails and writes nothing")
    func concurrentEditConflicts() async throws {
        let setup = app()
        let id = try await setup.run(CreateOrder(customer: "Ada"))
        let (first, second) = (app(retrying: false), app(retrying: false))
        let rendezvous = store.holdNextCommits(2)
        let latte = Task { try await first.run(AddItem(orderID: id, item: "latte")) }
        await rendezvous.waitForArrivals(1)  // the first has read the order and waits at its commit
        let cake = Task { try await second.run(AddItem(orderID: id, item: "cake")) }
        try await latte.value
        let error = await #expect(throws: StoreError.self) { try await cake.value }
        #expect(error?.isConflict == true, "\(String(describing: error))")
        #expect(try await setup.run(ListOrders()).first?.items == ["1 × latte"])
    }

    @Test("two edits of one order at once are both kept: the runner retries the one that lost the race")
    func concurrentEditsRetried() async throws {
        let setup = app()
        let id = try await setup.run(CreateOrder(customer: "Ada"))
        let (first, second) = (app(), app())
        let rendezvous = store.holdNextCommits(2)
        let latte = Task { try await first.run(AddItem(orderID: id, item: "latte")) }
        await rendezvous.waitForArrivals(1)
        let cake = Task { try await second.run(AddItem(orderID: id, item: "cake")) }
        try await latte.value
        try await cake.value
        #expect(try await setup.run(ListOrders()).first?.items == ["1 × latte", "1 × cake"])
    }

    @Test("an identifier already taken is a conflict the retry resolves with a new identifier")
    func identifierClash() async throws {
        let app = app(identifiers: ["abc", "abc", "def"])
        #expect(try await app.run(CreateOrder(customer: "Ada")) == "abc")
        #expect(try await app.run(CreateOrder(customer: "Grace")) == "def")
        #expect(try await app.run(ListOrders()).map(\.customer) == ["Ada", "Grace"])
    }

    @Test("a store that fails a commit now and then loses no order: the retry sends it again")
    func flakyStore() async throws {
        let app = app()
        store.failNextCommits(2)
        let id = try await app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        store.failNextCommits(1)
        try await app.run(AddItem(orderID: id, item: "cake"))
        #expect(try await app.run(ListOrders()).first?.items == ["1 × latte", "1 × cake"])
        #expect(store.injectedFailures == [.commit, .commit, .commit])
    }

    @Test("deleting orders is one unit of work: an unknown identifier deletes none of them")
    func deleteAllOrNothing() async throws {
        let app = app()
        let ada = try await app.run(CreateOrder(customer: "Ada", items: ["latte"]))
        let grace = try await app.run(CreateOrder(customer: "Grace"))
        try await app.run(CancelOrder(orderID: grace))
        let commits = store.commitCount
        await #expect(throws: OrderError.notFound(id: "nope")) {
            try await app.run(DeleteOrders(orderIDs: [ada, " NOPE "]))
        }
        #expect(store.commitCount == commits, "nothing was deleted")
        #expect(try await app.run(ListOrders()).map(\.id) == [ada, grace])
        try await app.run(DeleteOrders(orderIDs: [ada.uppercased(), grace, ada]))
        #expect(store.commitCount == commits + 1, "one commit for the batch, open and cancelled orders alike")
        #expect(try await app.run(ListOrders()).isEmpty)
    }

    @Test("an import is one unit of work: every order is checked by the order's rules, then all are written")
    func importBatch() async throws {
        let app = app()
        _ = try await app.run(CreateOrder(customer: "Ada"))
        let commits = store.commitCount
        let ids = try await app.run(
            ImportOrders(orders: [
                OrderObject(
                    id: " X1 ", customer: "Ada", placedAt: Date(timeIntervalSince1970: 1_700_000_000),
                    items: [.init(name: "latte", quantity: 2), .init(name: "Latte")]),
                OrderObject(customer: "Grace", status: "cancelled", items: [.init(name: "mocha")]),
            ]))
        #expect(ids == ["x1", "order-2"], "an entry without an identifier gets a new one")
        #expect(store.commitCount == commits + 1, "one commit for the batch")
        let listed = try await app.run(ListOrders())
        #expect(listed.first == OrderSummary(id: "x1", customer: "Ada", status: .open, items: ["3 × latte"]))
        #expect(
            listed.contains(OrderSummary(id: "order-2", customer: "Grace", status: .cancelled, items: ["1 × mocha"])))
    }

    @Test("an import with a bad entry, or an order kept already, writes nothing and names the entry")
    func importRefusals() async throws {
        let app = app()
        _ = try await app.run(ImportOrders(orders: [OrderObject(id: "x1", customer: "Ada")]))
        let commits = store.commitCount
        await #expect(
            throws: OrderImportError.entry(number: 2, id: nil, problem: OrderError.emptyCustomer.description)
        ) {
            try await app.run(ImportOrders(orders: [OrderObject(customer: "Alan"), OrderObject(customer: " ")]))
        }
        await #expect(throws: OrderImportError.sameID("y1", first: 1, second: 2)) {
            try await app.run(
                ImportOrders(orders: [OrderObject(id: "y1", customer: "Alan"), OrderObject(id: "Y1", customer: "Ada")]))
        }
        let exists = await #expect(throws: OrderImportError.self) {
            try await app.run(
                ImportOrders(orders: [
                    OrderObject(id: "y1", customer: "Alan"), OrderObject(id: "x1", customer: "Grace"),
                ]))
        }
        #expect(exists?.description.hasPrefix("entry 2 (order x1): there is an order x1 already") == true)
        await #expect(throws: OrderImportError.empty) { try await app.run(ImportOrders(orders: [])) }
        #expect(store.commitCount == commits, "nothing was written")
        #expect(try await app.run(ListOrders()).map(\.customer) == ["Ada"])
        _ = try await app.run(
            ImportOrders(
                orders: [OrderObject(id: "y1", customer: "Alan"), OrderObject(id: "x1", customer: "Grace")],
                replacingExisting: true))
        #expect(Set(try await app.run(ListOrders()).map(\.customer)) == ["Alan", "Grace"], "x1 replaced")
    }
}
