import Harbor
import HarborTesting
import Testing

/// The services of `IdempotentUseCase`'s sample.
struct ShopServices: Sendable {
    let persistence: Persistence
}

/// An order of the sample.
struct Order: Aggregate {
    static let collection = "orders"
    let id: String
    let buyerID: String
}

// The sample of `IdempotentUseCase`'s doc comment.
struct PlaceOrder: IdempotentUseCase {
    let requestID: String
    let buyerID: String

    var idempotencyKey: String { requestID }

    func execute(in context: RunContext<ShopServices>) async throws -> String {
        try await context.persistence.perform { unitOfWork in
            let order = Order(id: "order-\(requestID)", buyerID: buyerID)
            try unitOfWork.repository(Order.self).add(order)
            return order.id
        }
    }
}

@Suite("Sample: idempotent use cases")
struct IdempotencySample {
    @Test("a request placed twice is one order, and the second run returns the first's result")
    func placeTwice() async throws {
        let services = ShopServices(persistence: Persistence(store: InMemoryStore()))
        let app = UseCaseRunner(
            services: services,
            middleware: [RetryMiddleware(maxAttempts: 3), IdempotencyMiddleware(persistence: services.persistence)])
        let first = try await app.run(PlaceOrder(requestID: "r-17", buyerID: "b1"))
        let again = try await app.run(PlaceOrder(requestID: "r-17", buyerID: "b1"))
        #expect(first == "order-r-17")
        #expect(again == first)
        #expect(try await services.persistence.repository(Order.self).all().count == 1)
    }
}
