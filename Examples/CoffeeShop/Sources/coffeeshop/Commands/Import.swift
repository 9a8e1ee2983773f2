import ArgumentParser
import CoffeeShop
import Foundation

/// `coffeeshop import`: writes many orders from a JSON file, all or none.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import orders from a JSON file, all of them or none; prints their identifiers (a command).",
        discussion: """
            The file holds a JSON array of orders; only "customer" is required (a missing "id" \
            is a new identifier, "placedAt" now, "status" open (or served, or cancelled), an \
            item's "quantity" 1):
              [
                {"id": "3f2a9c1e", "customer": "Ada", "placedAt": "2025-05-01T09:30:00Z",
                 "items": [{"name": "latte", "quantity": 2}, {"name": "cake"}]},
                {"customer": "Grace", "status": "cancelled",
                 "items": [{"name": "espresso"}]}
              ]
            Every entry is checked by the order's rules first, and the orders are written in one \
            unit of work: a bad entry (named in the error) or an order that exists already \
            (unless --replace) writes nothing. At most \(ImportOrders.limit) orders per file. \
            An open order is cancelled if it is still open an hour after the import (or \
            --cancel-open-after), like an order taken now.

            Examples:
              coffeeshop import orders.json
              coffeeshop import orders.json --replace --store sqlite:orders.sqlite
            """)

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The JSON file of orders.") var file: String
    @Flag(help: "Replace orders already kept with the file's; without it, such an order writes nothing.")
    var replace = false
    @Option(
        help: ArgumentHelp(
            "Cancel each open order if it is still open this long after the import: 45m, 1h, 90s, or off "
                + "(also COFFEESHOP_CANCEL_OPEN_AFTER; default 1h).",
            valueName: "time"))
    var cancelOpenAfter: String?

    func validate() throws {
        _ = try OpenOrderLimit.chosen(cancelOpenAfter, environment: ProcessInfo.processInfo.environment)
    }

    func run() async throws {
        let objects = try OrderImportFile(path: file).orders()
        let limit = try OpenOrderLimit.chosen(cancelOpenAfter, environment: ProcessInfo.processInfo.environment)
        try await options.withApplication(cancelOpenAfter: limit) { app, _ in
            let ids: [String]
            do {
                ids = try await app.run(ImportOrders(orders: objects, replacingExisting: replace))
            } catch let error as OrderImportError {
                throw OrderImportFileError.refused(file, error)
            }
            for id in ids { print(id) }
        }
    }
}
