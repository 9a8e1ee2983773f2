import ArgumentParser
import CoffeeShop

/// `coffeeshop serve`: serves an open order.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve an open order: it is done, and nothing more may change (a command).",
        discussion: """
            A served order is never cancelled for being left open. An order with no items \
            cannot be served.

            Example:
              coffeeshop serve 3f2a9c1e
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The order's identifier.") var order: String

    func run() async throws {
        try await options.withApplication { app, _ in
            try await app.run(ServeOrder(orderID: order))
        }
        print("served order \(Order.id(typed: order))")
    }
}
