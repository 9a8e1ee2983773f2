import ArgumentParser
import CoffeeShop
import Foundation

/// `coffeeshop create`: takes a new order.
struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Take a new order; prints its identifier (a command).",
        discussion: """
            An order left open (neither served nor cancelled) is cancelled after an hour, or \
            --cancel-open-after (also COFFEESHOP_CANCEL_OPEN_AFTER): any command on the store \
            cancels it once its time has come, and `coffeeshop expire` does so on time.

            A script that may run the command again after losing its answer (a timeout, a \
            dropped connection) gives the request an identifier: run again with the same \
            --request-id, by this process or another, it prints the order the first run took \
            and takes no other. The same identifier with another customer or other items is \
            refused.

            Examples:
              coffeeshop create --customer Ada latte cake
              order=$(coffeeshop create --customer Ada latte) && coffeeshop add "$order" muffin
              coffeeshop create --request-id "$(uuidgen)" --customer Grace mocha
              coffeeshop create --cancel-open-after 20m --customer Alan tea
            """)

    @OptionGroup var options: GlobalOptions
    @Option(help: "Whom the order is for.") var customer: String
    @Option(
        help: ArgumentHelp(
            "This request's identifier (a UUID, say): the same again takes no second order, and prints the first.",
            valueName: "id"))
    var requestID: String?
    @Option(
        help: ArgumentHelp(
            "Cancel the order if it is still open after this long: 45m, 1h, 1h30m, 90s, or off "
                + "(also COFFEESHOP_CANCEL_OPEN_AFTER; default 1h).",
            valueName: "time"))
    var cancelOpenAfter: String?
    @Argument(help: "Its first items, one of each; name an item twice for two.") var items: [String] = []

    func validate() throws {
        if let requestID, !CreateOrderOnce.isValidRequestID(requestID) {
            throw ValidationError(OrderError.badRequestID(requestID).description)
        }
        _ = try OpenOrderLimit.chosen(cancelOpenAfter, environment: ProcessInfo.processInfo.environment)
    }

    func run() async throws {
        let limit = try OpenOrderLimit.chosen(cancelOpenAfter, environment: ProcessInfo.processInfo.environment)
        let order = CreateOrder(customer: customer, items: items)
        try await options.withApplication(cancelOpenAfter: limit) { app, _ in
            // Printed before the store is closed: a mirror's secondary that refuses its copy then
            // fails the command, and the order taken on the primary is named all the same.
            guard let requestID else {
                print(try await app.run(order))
                return
            }
            let request = CreateOrderOnce(requestID: requestID, order: order)
            print(try await app.run(request).orderID(for: request))
        }
    }
}
