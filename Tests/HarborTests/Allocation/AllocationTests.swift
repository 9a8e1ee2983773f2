import Foundation
import Harbor
import HarborTesting
import Testing

/// Cosmic Python's allocation service on Harbor: a `Product` aggregate raising its own events,
/// use cases that are their input, and an asynchronous handler that reallocates.
@Suite("Allocation")
struct AllocationTests {
    let persistence = Persistence(store: InMemoryStore())
    let recorder: EventRecorder
    let app: UseCaseRunner<AllocationServices>

    static let tomorrow = Date(timeIntervalSince1970: 86_400)

    init() {
        recorder = EventRecorder(persistence.events)
        app = AllocationServices(persistence: persistence).application()
    }

    func product(_ sku: String) async throws -> Product {
        try #require(try await persistence.repository(Product.self).find(sku))
    }

    @Test("allocating takes the line from warehouse stock before shipments and raises Allocated")
    func allocates() async throws {
        try await app.run(AddBatch(reference: "shipment", sku: "LAMP", quantity: 100, eta: Self.tomorrow))
        try await app.run(AddBatch(reference: "in-stock", sku: "LAMP", quantity: 100))

        let reference = try await app.run(Allocate(orderID: "o1", sku: "LAMP", quantity: 10))

        #expect(reference == "in-stock")
        let lamp = try await product("LAMP")
        #expect(lamp.batch("in-stock")?.availableQuantity == 90)
        #expect(lamp.batch("shipment")?.availableQuantity == 100)
        #expect(
            recorder.events(of: Allocated.self) == [
                Allocated(orderID: "o1", sku: "LAMP", quantity: 10, batchReference: "in-stock")
            ])
    }

    @Test("a line no batch can take raises OutOfStock and allocates nothing; an unknown SKU is refused")
    func outOfStock() async throws {
        try await app.run(AddBatch(reference: "b1", sku: "DESK", quantity: 10))

        #expect(try await app.run(Allocate(orderID: "o1", sku: "DESK", quantity: 11)) == nil)

        #expect(recorder.events(of: OutOfStock.self) == [OutOfStock(sku: "DESK")])
        #expect(recorder.events(of: Allocated.self).isEmpty)
        #expect(try await product("DESK").batch("b1")?.availableQuantity == 10)
        await #expect(throws: AllocationError.invalidSKU("CHAIR")) {
            try await app.run(Allocate(orderID: "o2", sku: "CHAIR", quantity: 1))
        }
    }

    @Test("shrinking a batch deallocates lines, and the Deallocated handler allocates them elsewhere")
    func reallocatesThroughTheHandler() async throws {
        try await app.run(AddBatch(reference: "in-stock", sku: "RUG", quantity: 50))
        try await app.run(AddBatch(reference: "shipment", sku: "RUG", quantity: 50, eta: Self.tomorrow))
        #expect(try await app.run(Allocate(orderID: "o1", sku: "RUG", quantity: 20)) == "in-stock")
        #expect(try await app.run(Allocate(orderID: "o2", sku: "RUG", quantity: 20)) == "in-stock")
        recorder.removeAll()

        let run = await RecordedRun.of(
            ChangeBatchQuantity(sku: "RUG", reference: "in-stock", quantity: 25), on: app, events: persistence.events)

        #expect(throws: Never.self) { try run.value }
        #expect(run.events(of: Deallocated.self) == [Deallocated(orderID: "o2", sku: "RUG", quantity: 20)])
        #expect(
            run.events(of: Allocated.self) == [
                Allocated(orderID: "o2", sku: "RUG", quantity: 20, batchReference: "shipment")
            ])
        #expect(run.handlers.map(\.handler) == ["reallocate"])
        #expect(run.failedHandlers.isEmpty)
        let rug = try await product("RUG")
        #expect(rug.batch("in-stock")?.allocations.map(\.orderID) == ["o1"])
        #expect(rug.batch("in-stock")?.availableQuantity == 5)
        #expect(rug.batch("shipment")?.allocations.map(\.orderID) == ["o2"])
        #expect(rug.batch("shipment")?.availableQuantity == 30)
    }

    @Test("run(until: .handled) returns once the reallocation is committed")
    func handledIncludesReallocation() async throws {
        try await app.run(AddBatch(reference: "in-stock", sku: "SOFA", quantity: 10))
        try await app.run(AddBatch(reference: "shipment", sku: "SOFA", quantity: 10, eta: Self.tomorrow))
        _ = try await app.run(Allocate(orderID: "o1", sku: "SOFA", quantity: 4))
        _ = try await app.run(Allocate(orderID: "o2", sku: "SOFA", quantity: 4))

        try await app.run(ChangeBatchQuantity(sku: "SOFA", reference: "in-stock", quantity: 0), until: .handled)

        let sofa = try await product("SOFA")
        #expect(sofa.batch("in-stock")?.allocations.isEmpty == true)
        // Deallocated most recent first, so reallocated in that order.
        #expect(sofa.batch("shipment")?.allocations.map(\.orderID) == ["o2", "o1"])
    }
}
