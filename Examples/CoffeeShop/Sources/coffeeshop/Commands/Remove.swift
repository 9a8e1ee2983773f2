import ArgumentParser
import CoffeeShop

/// `coffeeshop remove`: removes an item's line from an open order.
struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Remove an item from an open order, whatever its quantity (a command).",
        discussion: """
            Example:
              coffeeshop remove 3f2a9c1e cake
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The order's identifier.") var order: String
    @Argument(help: "The item to remove; case does not matter.") var item: String

    func run() async throws {
        try await options.withApplication { app, _ in
            try await app.run(RemoveItem(orderID: order, item: item))
        }
        print("removed \(item) from order \(Order.id(typed: order))")
    }
}
