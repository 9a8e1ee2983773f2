import ArgumentParser
import CoffeeShop

/// `coffeeshop list`: the orders, oldest first.
struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the orders, oldest first (a query: it changes no order but those left open past their time).",
        discussion: """
            Each line: identifier, status, customer, items; "(left open)" ends the line of an \
            order cancelled because it was left open past its time. The expiries that are due \
            are run first, so no order is listed open past its time. On a fallback whose online \
            store answers again, the changes made while it was away are sent first (the fallback \
            sends them before it reads online, so the list shows them); `coffeeshop status` \
            sends nothing.

            Examples:
              coffeeshop list
              coffeeshop list --open --store sqlite:orders.sqlite
              coffeeshop list --served
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Only the open orders.") var open = false
    @Flag(help: "Only the served orders.") var served = false
    @Flag(help: "Only the cancelled orders.") var cancelled = false

    func validate() throws {
        if [open, served, cancelled].filter({ $0 }).count > 1 {
            throw ValidationError("--open, --served and --cancelled exclude each other; give one or none")
        }
    }

    func run() async throws {
        let status: OrderStatus? = open ? .open : served ? .served : cancelled ? .cancelled : nil
        let orders = try await options.withApplication(creatingStore: false) { app, _ in
            try await app.run(ListOrders(status: status))
        }
        if orders.isEmpty {
            print("(no orders yet: take one with `coffeeshop create --customer NAME ITEM…`)")
        }
        for order in orders { print(order.line) }
    }
}
