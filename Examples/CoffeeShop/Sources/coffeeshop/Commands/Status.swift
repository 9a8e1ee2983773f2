import ArgumentParser
import CoffeeShop
import Harbor

/// `coffeeshop status`: which store, how many orders, and for a mirror or fallback what waits.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show where the orders are kept and what waits to be sent (a query).",
        discussion: """
            For a mirror: its phase and the writes the secondary has not had yet. For a fallback: \
            whether the online store answers, the changes waiting to be sent to it, and conflicts.

            Examples:
              coffeeshop status --store sqlite:orders.sqlite
              coffeeshop status --store fallback:http://127.0.0.1:8095,json:offline
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        try await options.withApplication(creatingStore: false) { app, opened in
            // First, so that what a fallback sends is reported here rather than sent by the listing.
            let lines = try await opened.statusLines()
            let orders = try await app.run(ListOrders())
            print("store: \(opened.description)")
            print("orders: \(orders.count) (\(orders.filter { $0.status == .open }.count) open)")
            for line in lines { print(line) }
        }
    }
}
