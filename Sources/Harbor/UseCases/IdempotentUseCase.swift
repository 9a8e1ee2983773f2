/// A use case that runs once per key: run again with the same ``idempotencyKey`` (a client's
/// retry, a message delivered twice), by this process or another, it returns the first run's
/// result without running. ``IdempotencyMiddleware`` keeps the promise.
///
/// ```swift
/// struct PlaceOrder: IdempotentUseCase {
///     let requestID: String
///     let buyerID: String
///
///     var idempotencyKey: String { requestID }
///
///     func execute(in context: RunContext<ShopServices>) async throws -> String {
///         try await context.persistence.perform { unitOfWork in
///             let order = Order(id: "order-\(requestID)", buyerID: buyerID)
///             try unitOfWork.repository(Order.self).add(order)
///             return order.id
///         }
///     }
/// }
/// ```
///
/// Its `Output` is kept as JSON: it must be `Codable`, or `Void`.
public protocol IdempotentUseCase: UseCase {
    /// The key two runs of the same request share; unique per request among runs of this type.
    var idempotencyKey: String { get }
}
