import ArgumentParser
import CoffeeShop

/// `coffeeshop add`: adds an item to an open order.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add an item to an open order (a command).",
        discussion: """
            An item the order has already gets more on its line.

            Examples:
              coffeeshop add 3f2a9c1e latte
              coffeeshop add 3f2a9c1e "oat flat white" --quantity 2
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The order's identifier, as `coffeeshop list` shows it.") var order: String
    @Argument(help: "What to add.") var item: String
    @Option(help: "How many, 1 to \(Order.quantityLimit).") var quantity = 1

    func run() async throws {
        try await options.withApplication { app, _ in
            try await app.run(AddItem(orderID: order, item: item, quantity: quantity))
        }
        print("added \(quantity) × \(item) to order \(Order.id(typed: order))")
    }
}
