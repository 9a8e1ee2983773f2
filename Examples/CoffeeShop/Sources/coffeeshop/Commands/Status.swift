import ArgumentParser
import CoffeeShop
import Harbor

/// `coffeeshop status`: which store, how many orders, and for a mirror or fallback what waits.
struct Status: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show where the orders are kept and what waits to be sent (a query: it sends nothing).",
        discussion: """
            For a mirror: whether the secondary answers and the writes it has not had yet. For a \
            fallback: whether the online store answers, the changes waiting to be sent to it, and \
            each conflict with both sides (the online order, the offline change, what differs). \
            `coffeeshop sync` sends what waits. With the orders, when the next open one is \
            cancelled if it is left open, and how many are past their time (it cancels none: the \
            next other command does, or `coffeeshop expire`). Exits non-zero when a side refuses \
            its credentials.

            Examples:
              coffeeshop status --store sqlite:orders.sqlite
              coffeeshop status --store fallback:http://127.0.0.1:8095,json:offline
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let now = try options.clock()()
        let opened = try options.opening(creatingStore: false).open(try options.location())
        // First, so that an operator sees which store it is even when it cannot be read.
        print("store: \(opened.description)")
        try await opened.whileRunning { try await opened.printStatus(now: now) }
    }
}
