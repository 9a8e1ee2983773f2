import ArgumentParser
import CoffeeShop
import Harbor

/// `coffeeshop sync`: sends what waits, a mirror's copies or a fallback's offline changes.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Send what waits: a mirror's copies to its secondary, a fallback's offline changes online (a command).",
        discussion: """
            For a mirror, copies to the secondary what its journal keeps. For a fallback, sends the \
            changes made while the online store was away, in order, then refreshes the local copy; \
            a change the online store refuses because the order changed there too becomes a \
            conflict, which `coffeeshop status` shows with both sides and `coffeeshop resolve` \
            settles. Every command that writes does the same on its way; `status` never does. \
            Exits non-zero when the other side does not answer (nothing is lost: it waits).

            Examples:
              coffeeshop sync --store fallback:http://127.0.0.1:8096,json:local
              coffeeshop sync --store mirror:http://127.0.0.1:8095,postgres://db/shop
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        var opening = options.opening(creatingStore: true)
        // What it copies is counted here, so the mirror copies nothing behind its back.
        opening.mirrorCopiesInBackground = false
        let opened = try opening.open(try options.location())
        try await opened.whileRunning {
            if let mirror = opened.mirror {
                try await StoredCollections.prepare(in: mirror)
                let copied = try await mirror.replayBacklog()
                print(
                    copied == 0
                        ? "sync: nothing waited; the secondary has every write"
                        : "sync: copied \(copied) waiting write(s) to the secondary")
            } else if let fallback = opened.fallback {
                // Each side prepared on its own: preparing through the fallback would send what
                // waits on its way, and this report would not count it.
                try await StoredCollections.prepare(in: fallback.local)
                try await StoredCollections.prepare(in: fallback.online)
                let report = try await fallback.synchronize()
                // The expiries and kept requests too: offline, this machine runs what is due and
                // answers a request taken online.
                try await fallback.refreshLocalCopy(collections: StoredCollections.names)
                var line = "sync: the online store answers; sent \(report.sent) waiting change(s)"
                if report.conflicts > 0 {
                    line += "; \(report.conflicts) conflict(s): `coffeeshop status` shows both sides"
                }
                print(line)
            } else {
                print("sync: \(opened.description) is one store; nothing waits to be sent")
            }
        }
    }
}
