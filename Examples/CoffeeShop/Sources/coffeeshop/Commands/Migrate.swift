import ArgumentParser

/// `coffeeshop migrate`: moves the orders from a mirror's primary to its secondary.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move the orders to a new backend while orders keep coming (needs --store mirror:OLD,NEW).",
        discussion: """
            While COFFEESHOP_STORE (or --store) is mirror:OLD,NEW every order is written to both \
            backends. Then:
              coffeeshop migrate backfill    # copies the orders NEW lacks, with their versions; resumable
              coffeeshop migrate verify      # compares both; exits 1 and lists differences unless clean
              coffeeshop migrate cutover     # NEW becomes the primary: reads and the truth come from it
            After the cutover, point --store at NEW alone and retire OLD.
            """,
        subcommands: [Backfill.self, Verify.self, Cutover.self])
}
