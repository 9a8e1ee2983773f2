import ArgumentParser
import CoffeeShop
import Foundation
import Harbor

/// Options every subcommand shares: where the orders are kept.
struct GlobalOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where orders are kept (also COFFEESHOP_STORE; default json:coffeeshop-data).",
            discussion: "One of:\n" + StoreLocationError.forms, valueName: "location"))
    var store: String?

    /// The store location the flag, else the variable, else the default names.
    func location() throws -> StoreLocation {
        let variables = ProcessInfo.processInfo.environment
        let text = store ?? variables["COFFEESHOP_STORE"].flatMap { $0.isEmpty ? nil : $0 } ?? "json:coffeeshop-data"
        do {
            return try StoreLocation(parsing: text)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// How to open the store; a command that only reads passes `creatingStore: false`.
    func opening(creatingStore: Bool) -> StoreOpening {
        let variables = ProcessInfo.processInfo.environment
        return StoreOpening(createsStore: creatingStore, environment: variables)
    }

    /// Opens the store, composes the application over it and runs `body` while the store runs.
    func withApplication<T: Sendable>(
        creatingStore: Bool = true,
        _ body: (UseCaseRunner<CoffeeShopServices>, OpenedStore) async throws -> T
    ) async throws -> T {
        let opened = try opening(creatingStore: creatingStore).open(try location())
        let services = CoffeeShopServices(
            orders: StoredOrderRepository(
                persistence: Persistence(store: opened.store, errorHandler: { _ in })),
            storeDescription: opened.description)
        let app = UseCaseRunner(services: services, middleware: [Self.retry])
        return try await opened.whileRunning { try await body(app, opened) }
    }

    /// Runs a use case again after a conflict with another process (up to 10 times, with random
    /// backoff so that racing processes spread out): a lost race is retried, never reported, and
    /// the retry sees what the winner committed.
    static let retry = RetryMiddleware(
        backoff: Backoff(maxAttempts: 10, initialDelay: .milliseconds(10), maxDelay: .milliseconds(320), jitter: .full))
}
