import ArgumentParser

/// `coffeeshop migrate`: moves the orders from a mirror's primary to its secondary.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move the orders to a new backend while orders keep coming (needs --store mirror:OLD,NEW).",
        discussion: """
            While COFFEESHOP_STORE (or --store) is mirror:OLD,NEW every order is written to both \
            backends. Then:
              coffeeshop migrate backfill   # copies what NEW lacks; resumable
              coffeeshop migrate verify     # exits 1, listing differences, unless clean
              coffeeshop migrate cutover    # NEW becomes the primary
            After the cutover name them mirror:NEW,OLD (OLD keeps copies, a way \
            back), then NEW alone, and retire OLD.
            """,
        subcommands: [Backfill.self, Verify.self, Cutover.self])
}
