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
              coffeeshop serve 3f2a9c1e                      # done: nothing more changes
              coffeeshop cancel 3f2a9c1e
              coffeeshop delete 3f2a9c1e 9b0d4e12            # all or none
              coffeeshop import orders.json                  # many at once, all or none
              coffeeshop list --store sqlite:orders.sqlite

            An order left open (neither served nor cancelled) is cancelled after an hour: \
            --cancel-open-after on create and import, or COFFEESHOP_CANCEL_OPEN_AFTER (45m, 2h, \
            off) says otherwise. Every command cancels those whose time has come on its way; \
            `coffeeshop expire` stays running and cancels them on time. A script that may \
            retry gives each order a request identifier, so a retry takes no second order:
              coffeeshop create --request-id 5b0e7a61-order-17 --customer Ada latte
              coffeeshop expire                              # until Ctrl-C

            Tokens: HARBOR_STORE_TOKEN is sent to every harbor-store-server. Servers started \
            with different tokens (both sides of a mirror, say) each get their own from a file \
            that only its owner may read (chmod 600), named by COFFEESHOP_TOKENS, a line each:
              http://127.0.0.1:8095 TOKEN-OF-THE-OLD-ONE
              http://127.0.0.1:8096 TOKEN-OF-THE-NEW-ONE
            A token is never given on the command line. A server that refuses its token fails \
            the command at once, naming which side it is.

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
              coffeeshop status                              # what waits (reads only)
              coffeeshop sync                                # sends what waits

            The walkthrough: Examples/CoffeeShop/README.md.
            """,
        subcommands: [
            Create.self, Add.self, Remove.self, Serve.self, Cancel.self, Delete.self, Import.self, List.self,
            Status.self, Expire.self, Sync.self, Migrate.self, Resolve.self,
        ],
        defaultSubcommand: List.self
    )
}
