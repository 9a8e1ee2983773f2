import ArgumentParser
import CoffeeShop
import Foundation
import Harbor
import Synchronization

/// `coffeeshop migrate backfill`: copies the orders the new backend lacks.
struct Backfill: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy to NEW, with their versions, the orders it lacks or has older; then the waiting copies.",
        discussion: """
            Safe to run while orders are taken, and again after a crash: it copies only what is \
            still missing or older, so nothing is duplicated. The open orders' expiries and the \
            requests kept for --request-id are copied with them.

            Example:
              export COFFEESHOP_STORE=mirror:http://127.0.0.1:8095,postgres://db/shop
              coffeeshop migrate backfill
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let (report, kept, replayed) = try await options.withMirror { mirror, _, _ in
            let progressLine = ProgressLine()
            let report = try await mirror.backfill(collections: [Order.collection]) { progress in
                progressLine.report(copied: progress.copied)
            }
            let kept = try await mirror.backfill(collections: Array(StoredCollections.names.dropFirst()))
            return (report, kept, try await mirror.replayBacklog())
        }
        var line = "backfill: copied \(report.copied) order(s); \(report.skipped) were there already"
        if kept.copied > 0 { line += "; copied \(kept.copied) of their expiries and kept requests" }
        let newer = report.newerOnSecondary + kept.newerOnSecondary
        if newer > 0 { line += "; \(newer) newer on NEW (see migrate verify)" }
        if replayed > 0 { line += "; sent \(replayed) waiting copie(s)" }
        print(line)
    }
}

extension Backfill {
    /// The backfill's progress on standard error: a line each time the count of copied orders
    /// grows, none while it only skips what is there already.
    final class ProgressLine: Sendable {
        private let printed = Mutex(0)

        /// Prints "backfill: N copied so far" when `copied` is more than the last line said.
        func report(copied: Int) {
            let grew = printed.withLock { last in
                guard copied > last else { return false }
                last = copied
                return true
            }
            if grew { FileHandle.standardError.write(Data("backfill: \(copied) copied so far\n".utf8)) }
        }
    }
}
