import Foundation
import Harbor
import HarborTesting
import Testing

/// Two allocations of one product at once: optimistic concurrency in the store turns the race
/// into a conflict, and a retry allocates again from what the winner committed.
@Suite("Allocation under concurrency")
struct ConcurrentAllocationTests {
    let clock = TestClock()
    let store: FakeStore
    let errors = ErrorLog()
    let persistence: Persistence
    let app: UseCaseRunner<AllocationServices>
    /// Two allocations may run at once on this lane; on the serial one they would never race.
    let lane = Lane.concurrent("allocations", limit: 2)

    init() {
        store = FakeStore(wrapping: InMemoryStore(), delay: .zero, clock: clock)
        let errors = errors
        persistence = Persistence(store: store, errorHandler: { errors.append($0) })
        app = AllocationServices(persistence: persistence).application(middleware: [
            RetryMiddleware(backoff: Backoff(maxAttempts: 3, initialDelay: .zero))
        ])
    }

    /// Runs both allocations at once: each reads the product and reaches its commit, where the
    /// test holds it on the clock until both are there, then lets them commit together.
    func allocateTogether(_ first: Allocate, _ second: Allocate) async throws -> [String?] {
        store.setDelay(.seconds(1), for: .commit)
        let app = app
        let lane = lane
        let runs = [first, second].map { allocation in Task { try await app.run(allocation, on: lane) } }
        try await clock.waitForSleepers(2)
        // Both read the same version; the retried one commits without waiting.
        store.setDelay(.zero, for: .commit)
        clock.advance(by: .seconds(1))
        var references: [String?] = []
        for run in runs { references.append(try await run.value) }
        return references
    }

    @Test("both allocations are kept: the stale commit conflicts and is retried")
    func bothAllocationsKept() async throws {
        try await app.run(AddBatch(reference: "b1", sku: "LAMP", quantity: 10))

        let references = try await allocateTogether(
            Allocate(orderID: "o1", sku: "LAMP", quantity: 4), Allocate(orderID: "o2", sku: "LAMP", quantity: 5))

        #expect(references == ["b1", "b1"])
        let lamp = try #require(try await persistence.repository(Product.self).find("LAMP"))
        #expect(lamp.batch("b1")?.allocations.map(\.orderID).sorted() == ["o1", "o2"])
        #expect(lamp.batch("b1")?.availableQuantity == 1)
        #expect(errors.values.count == 1)
        #expect((errors.values.first as? StoreError)?.isConflict == true)
        // Added, allocated, allocated again after the retry: three commits, one per version.
        #expect(try await store.document(at: DocumentKey(collection: "products", id: "LAMP"))?.version == 3)
    }

    @Test("no over-allocation: the retried line finds the stock taken and is out of stock")
    func noOverAllocation() async throws {
        try await app.run(AddBatch(reference: "b1", sku: "DESK", quantity: 10))
        let recorder = EventRecorder(persistence.events)

        let references = try await allocateTogether(
            Allocate(orderID: "o1", sku: "DESK", quantity: 6), Allocate(orderID: "o2", sku: "DESK", quantity: 6))

        #expect(references.compactMap { $0 } == ["b1"])
        let desk = try #require(try await persistence.repository(Product.self).find("DESK"))
        #expect(desk.batch("b1")?.allocatedQuantity == 6)
        #expect(recorder.events(of: Allocated.self).count == 1)
        #expect(recorder.events(of: OutOfStock.self) == [OutOfStock(sku: "DESK")])
        #expect(errors.values.count == 1)
    }
}
