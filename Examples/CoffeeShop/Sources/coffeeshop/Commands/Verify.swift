import ArgumentParser
import CoffeeShop
import Harbor
import HarborStores

/// `coffeeshop migrate verify`: compares the two backends.
struct Verify: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Compare OLD and NEW order by order; exits 1, listing each difference, unless clean.",
        discussion: """
            Sends the waiting copies first, so a clean result means NEW holds every order at the \
            version OLD holds it, with the open orders' expiries and the requests kept for \
            --request-id (harbor-schedule/…, harbor-idempotency/… in a difference).

            Example:
              export COFFEESHOP_STORE=mirror:http://127.0.0.1:8095,postgres://db/shop
              coffeeshop migrate verify
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (differences, count) = try await options.withMirror { mirror, _, _ in
            _ = try await mirror.replayBacklog()
            let differences = try await mirror.verify(collections: StoredCollections.names)
            let count = try await mirror.primary.count(matching: DocumentQuery(collection: Order.collection))
            return (differences, count)
        }
        if differences.isEmpty {
            print("verify: clean; both backends hold the same \(count) order(s) at the same versions")
            return
        }
        print("verify: \(differences.count) difference(s):")
        for difference in differences { print("  \(difference)") }
        let backfillMends: Set<MirrorDifference.Kind> = [.missingOnSecondary, .olderOnSecondary]
        if differences.allSatisfy({ backfillMends.contains($0.kind) || $0.isLag }) {
            print("run `coffeeshop migrate backfill`, then verify again")
        } else {
            print(
                "NEW holds orders OLD does not, or other versions of them, which the mirror never writes: "
                    + "start from an empty NEW (another database or schema), then backfill and verify again")
        }
        throw ExitCode(1)
    }
}
