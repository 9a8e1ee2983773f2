import ArgumentParser
import CoffeeShop
import Foundation
import Harbor

/// `coffeeshop migrate backfill`: copies the orders the new backend lacks.
struct Backfill: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy to NEW, with their versions, the orders it lacks or has older; then the waiting copies.",
        discussion: """
            Safe to run while orders are taken, and again after a crash: it copies only what is \
            still missing or older, so nothing is duplicated.

            Example:
              export COFFEESHOP_STORE=mirror:http://127.0.0.1:8095,postgres://db/shop
              coffeeshop migrate backfill
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (report, replayed) = try await options.withMirror { mirror, _, _ in
            let report = try await mirror.backfill(collections: [Order.collection]) { progress in
                FileHandle.standardError.write(Data("backfill: \(progress.copied) copied so far\n".utf8))
            }
            return (report, try await mirror.replayBacklog())
        }
        var line = "backfill: copied \(report.copied) order(s); \(report.skipped) were there already"
        if report.newerOnSecondary > 0 { line += "; \(report.newerOnSecondary) newer on NEW (see migrate verify)" }
        if replayed > 0 { line += "; sent \(replayed) waiting copie(s)" }
        print(line)
    }
}
