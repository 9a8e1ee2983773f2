import CoffeeShop
import Foundation
import Harbor

/// Middleware that prints a line for each order ``ExpireOrder`` cancels, as `coffeeshop expire`
/// shows them: `cancelled order 3f2a9c1e (Ada): left open until 2025-05-01T10:30:00Z`. Other runs pass through.
struct ExpiryReport: UseCaseMiddleware {
    func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        let output = try await next(useCase, context)
        if let cancelled = output as? Order?, let order = cancelled {
            let time = order.cancelsAt.map { " until \($0.formatted(.iso8601))" } ?? ""
            // Written at once, unbuffered: the line of a long-running command reaches a log as it happens.
            FileHandle.standardOutput.write(
                Data("cancelled order \(order.id) (\(order.customer)): left open\(time)\n".utf8))
        }
        return output
    }
}
