import ArgumentParser
import CoffeeShop

/// `coffeeshop cancel`: cancels an open order.
struct Cancel: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel an open order; it stays listed, as cancelled (a command).",
        discussion: """
            Example:
              coffeeshop cancel 3f2a9c1e
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The order's identifier.") var order: String

    func run() async throws {
        try await options.withApplication { app, _ in
            try await app.run(CancelOrder(orderID: order))
        }
        print("cancelled order \(Order.id(typed: order))")
    }
}
