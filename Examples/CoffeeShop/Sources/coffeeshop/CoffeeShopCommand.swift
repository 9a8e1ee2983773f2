import ArgumentParser

/// The coffee shop's command line: take orders, change them, list them, on any backend, and
/// migrate them from one backend to another while orders keep coming.
@main
struct CoffeeShopCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coffeeshop",
        abstract: "Take coffee orders on any backend, and move them to another one live (a Harbor example).",
        discussion: """
            The use cases see one port, OrderRepository; --store (or COFFEESHOP_STORE) says \
            which backend is behind it, and nothing else changes. Orders live in JSON files in \
            ./coffeeshop-data unless it says otherwise. Options go after the subcommand.

            Stores:
            \(StoreLocationError.forms)

            Take orders (create prints the new order's identifier):
              coffeeshop create --customer Ada latte cake
              coffeeshop add 3f2a9c1e latte --quantity 2
              coffeeshop remove 3f2a9c1e cake
              coffeeshop cancel 3f2a9c1e
              coffeeshop list --store sqlite:orders.sqlite

            Move them to a new backend, taking orders all along:
              export COFFEESHOP_STORE=mirror:http://127.0.0.1:8095,postgres://db/shop
              coffeeshop create --customer Grace espresso    # written to both
              coffeeshop migrate backfill                    # copies older orders
              coffeeshop migrate verify                      # clean: same orders
              coffeeshop migrate cutover                     # the new one leads
              export COFFEESHOP_STORE=postgres://db/shop

            Keep taking orders while the server is away:
              export COFFEESHOP_STORE=fallback:http://127.0.0.1:8095,json:local
              coffeeshop create --customer Alan tea          # kept locally
              coffeeshop status                              # what waits

            The walkthrough: Examples/CoffeeShop/README.md.
            """,
        subcommands: [
            Create.self, Add.self, Remove.self, Cancel.self, List.self, Migrate.self, Status.self, Resolve.self,
        ],
        defaultSubcommand: List.self
    )
}
