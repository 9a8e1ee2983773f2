import ArgumentParser
import CoffeeShop

/// `coffeeshop create`: takes a new order.
struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Take a new order; prints its identifier (a command).",
        discussion: """
            Examples:
              coffeeshop create --customer Ada latte cake
              order=$(coffeeshop create --customer Ada latte) && coffeeshop add "$order" muffin
            """)

    @OptionGroup var options: GlobalOptions
    @Option(help: "Whom the order is for.") var customer: String
    @Argument(help: "Its first items, one of each; name an item twice for two.") var items: [String] = []

    func run() async throws {
        try await options.withApplication { app, _ in
            // Printed before the store is closed: a mirror's secondary that refuses its copy then
            // fails the command, and the order taken on the primary is named all the same.
            print(try await app.run(CreateOrder(customer: customer, items: items)))
        }
    }
}
