import ArgumentParser
import CoffeeShop

/// `coffeeshop delete`: deletes orders, all or none.
struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete orders, open or cancelled, all of them or none (a command).",
        discussion: """
            Unlike cancel, which keeps the order for the record, delete removes it from the store. \
            The orders go in one unit of work: an identifier no order has deletes nothing. On a \
            mirror the deletion is copied to the secondary; on a fallback whose online store is \
            away it waits, like any change, and is sent when the online store is back.

            Examples:
              coffeeshop delete 3f2a9c1e
              coffeeshop delete 3f2a9c1e 9b0d4e12 --store sqlite:orders.sqlite
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The orders' identifiers, as `coffeeshop list` shows them.") var orders: [String] = []

    func validate() throws {
        if orders.isEmpty { throw ValidationError("name the orders to delete, such as `coffeeshop delete 3f2a9c1e`") }
    }

    func run() async throws {
        try await options.withApplication { app, _ in
            try await app.run(DeleteOrders(orderIDs: orders))
            var seen: Set<String> = []
            let deleted = orders.map(Order.id(typed:)).filter { seen.insert($0).inserted }
            print("deleted \(deleted.count) order(s): \(deleted.joined(separator: ", "))")
        }
    }
}
