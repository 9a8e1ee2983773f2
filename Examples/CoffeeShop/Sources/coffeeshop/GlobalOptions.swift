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

    /// The shop's clock: the time now, unless `COFFEESHOP_NOW` fixes it (an ISO 8601 date and
    /// time), so a test or a demonstration sees an order left open expire without waiting.
    /// - Throws: `ValidationError` for a variable that is not a date and time.
    func clock() throws -> @Sendable () -> Date {
        guard let text = ProcessInfo.processInfo.environment["COFFEESHOP_NOW"], !text.isEmpty else {
            return { Date() }
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard
            let date = (try? Date(trimmed, strategy: .iso8601))
                ?? (try? Date(trimmed, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
        else {
            throw ValidationError(
                "COFFEESHOP_NOW fixes the shop's time to a date and time such as 2025-05-01T09:30:00Z; not \"\(text)\"")
        }
        return { date }
    }

    /// Opens the store, composes the application over it and runs `body` while the store runs;
    /// first, on its way, it runs the scheduled expiries that are due (so no command shows or
    /// changes an order open past its time).
    /// - Parameter cancelOpenAfter: how long the orders the command takes may stay open.
    func withApplication<T: Sendable>(
        creatingStore: Bool = true,
        cancelOpenAfter: Duration? = CoffeeShopServices.standardOpenLimit,
        _ body: (UseCaseRunner<CoffeeShopServices>, OpenedStore) async throws -> T
    ) async throws -> T {
        let now = try clock()
        let opened = try opening(creatingStore: creatingStore).open(try location())
        let shop = ShopApplication(opened: opened, now: now, cancelOpenAfter: cancelOpenAfter)
        return try await opened.whileRunning {
            await shop.scheduler.runDue()
            return try await body(shop.app, opened)
        }
    }

    /// Runs a use case again after a conflict with another process (up to 10 times, with random
    /// backoff so that racing processes spread out): a lost race is retried, never reported, and
    /// the retry sees what the winner committed.
    static let retry = RetryMiddleware(
        backoff: Backoff(maxAttempts: 10, initialDelay: .milliseconds(10), maxDelay: .milliseconds(320), jitter: .full))
}
