import ArgumentParser
import Harbor

/// `coffeeshop migrate cutover`: the new backend becomes the primary.
struct Cutover: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make NEW the primary: sends what waits, verifies, and refuses while the two differ.",
        discussion: """
            Run it while no other command takes orders. Afterwards name the stores the other way \
            round, mirror:NEW,OLD (OLD keeps receiving copies, a way back), then NEW alone.

            Example:
              export COFFEESHOP_STORE=mirror:http://127.0.0.1:8095,postgres://db/shop
              coffeeshop migrate cutover
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (report, primary, secondary) = try await options.withMirror { mirror, primary, secondary in
            let report = try await mirror.cutover(collections: StoredCollections.names)
            return (report, primary, secondary)
        }
        print(
            "cutover: \(secondary) is the primary now; \(report.verified) document(s) (orders, their expiries, "
                + "kept requests) verified the same on both")
        print(
            "from now on use --store mirror:\(secondary),\(primary) (the old backend keeps copies), then \(secondary) alone"
        )
    }
}
