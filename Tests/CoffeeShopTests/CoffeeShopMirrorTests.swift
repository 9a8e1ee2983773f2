import Foundation
import Testing

/// A mirror whose secondary, a real `harbor-store-server` on loopback, goes away in the middle:
/// orders are still taken, what the secondary missed waits in the backlog, and reaches it when
/// it is back.
@Suite("coffeeshop on a mirror whose secondary goes away", .serialized, .timeLimit(.minutes(3)))
struct CoffeeShopMirrorTests {
    @Test("a secondary that is down fails no order; the backlog waits and is copied when it is back")
    func secondaryDown() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let database = "sqlite:" + folder.appendingPathComponent("new-backend.sqlite").path
        var server = try await StoreServerProcess(store: database, token: nil)
        let cli = CoffeeShopCLI(folder: folder, environment: ["COFFEESHOP_STORE": "mirror:json:orders,\(server.url)"])
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        #expect(try await cli.succeeds(["status"]).output.contains("backlog: empty"))

        try await server.stop()
        let grace = try await cli.created(["--customer", "Grace", "mocha"])
        try await cli.succeeds(["add", ada, "cake"])
        let waiting = try await cli.succeeds(["status"])
        #expect(waiting.output.contains("backlog: 2 write(s) wait for the secondary"), "\(waiting)")
        let journal = folder.appendingPathComponent("orders.mirror-journal")
        let files = try FileManager.default.contentsOfDirectory(atPath: journal.path).filter {
            $0.hasSuffix(".journal")
        }
        #expect(!files.isEmpty, "what the secondary lacks waits beside the primary, in \(journal.path)")
        let unreachable = try await cli.run(["migrate", "verify"])
        #expect(unreachable.status != 0)
        #expect(unreachable.errors.contains("\(server.url) is unavailable"), "\(unreachable)")

        server = try await StoreServerProcess(store: database, port: server.port, token: nil)
        let back = try await cli.succeeds(["status"])
        #expect(back.output.contains("secondary: answers"), "\(back)")
        #expect(back.output.contains("backlog: 2 write(s) wait for the secondary"), "status copies nothing: \(back)")
        #expect(
            try await cli.succeeds(["list", "--store", server.url]).output == "\(ada)  open       Ada: 1 × latte\n",
            "neither status nor list copied anything")
        let verify = try await cli.succeeds(["migrate", "verify"])
        #expect(verify.output.contains("clean; both backends hold the same 2 order(s)"), "\(verify)")
        let onSecondary = try await cli.succeeds(["list", "--store", server.url])
        #expect(
            onSecondary.output == """
                \(ada)  open       Ada: 1 × latte, 1 × cake
                \(grace)  open       Grace: 1 × mocha

                """, "\(onSecondary)")
        try await server.stop()
    }

    @Test("a mirror of a remote primary keeps its journal under the state folder, empty once copied")
    func journalUnderStateFolder() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let server = try await StoreServerProcess(
            store: "sqlite:" + folder.appendingPathComponent("old-backend.sqlite").path, token: nil)
        let cli = CoffeeShopCLI(folder: folder, environment: ["COFFEESHOP_STORE": "mirror:\(server.url),json:new"])
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        let journals = folder.appendingPathComponent("state/coffeeshop/mirror-journal")
        let names = try FileManager.default.contentsOfDirectory(atPath: journals.path)
        #expect(names.count == 1 && names.allSatisfy { $0.hasPrefix("mirror-http") }, "\(names)")
        let left = try names.flatMap {
            try FileManager.default.contentsOfDirectory(atPath: journals.appendingPathComponent($0).path)
        }
        #expect(left.isEmpty, "a copied journal is removed: \(left)")
        let onSecondary = try await cli.succeeds(["list", "--store", "json:new"])
        #expect(onSecondary.output.contains("\(ada)  open       Ada: 1 × latte"), "\(onSecondary)")
        try await server.stop()
    }

    @Test("verify lists each difference and exits 1; an order only on NEW is not one a backfill mends")
    func differences() async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder())
        let stray = try await cli.created(["--customer", "Ada", "latte", "--store", "json:new"])
        let grace = try await cli.created(["--customer", "Grace", "mocha", "--store", "json:old"])
        let mirror = ["--store", "mirror:json:old,json:new"]
        let before = try await cli.run(["migrate", "verify"] + mirror)
        #expect(before.status == 1, "\(before)")
        // Each order with its expiry: the expiries travel with the orders.
        #expect(before.output.contains("verify: 4 difference(s):"), "\(before)")
        #expect(before.output.contains("orders/\(grace)"), "\(before)")
        #expect(before.output.contains("orders/\(stray)"), "\(before)")
        #expect(before.output.contains("harbor-schedule/order-expiry-\(grace)"), "\(before)")
        #expect(before.output.contains("start from an empty NEW"), "\(before)")
        try await cli.succeeds(["migrate", "backfill"] + mirror)
        let after = try await cli.run(["migrate", "verify"] + mirror)
        #expect(after.status == 1, "\(after)")
        #expect(after.output.contains("verify: 2 difference(s):\n  orders/\(stray)"), "\(after)")
        #expect(after.output.contains("\n  harbor-schedule/order-expiry-\(stray)"), "\(after)")
        let cutover = try await cli.run(["migrate", "cutover"] + mirror)
        #expect(cutover.status != 0, "the roles do not swap while the two differ: \(cutover)")
        #expect(cutover.errors.contains("still differs"), "\(cutover)")
    }

    @Test("backfill prints its progress when it copies, and no progress line while it only skips")
    func backfillProgress() async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder())
        _ = try await cli.created(["--customer", "Ada", "latte", "--store", "json:old"])
        _ = try await cli.created(["--customer", "Grace", "mocha", "--store", "json:old"])
        let mirror = ["--store", "mirror:json:old,json:new"]
        let first = try await cli.succeeds(["migrate", "backfill"] + mirror)
        #expect(
            first.output
                == "backfill: copied 2 order(s); 0 were there already; copied 2 of their expiries and kept requests\n",
            "\(first)")
        #expect(first.errors == "backfill: 2 copied so far\n", "\(first)")
        let again = try await cli.succeeds(["migrate", "backfill"] + mirror)
        #expect(again.output == "backfill: copied 0 order(s); 2 were there already\n", "\(again)")
        #expect(again.errors.isEmpty, "nothing copied, nothing to say: \(again)")
    }

    @Test("a delete and an import go through a mirror like any write: the secondary ends with the same orders")
    func batchThroughMirror() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(),
            environment: ["COFFEESHOP_STORE": "mirror:json:old,sqlite:new.sqlite"])
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        let grace = try await cli.created(["--customer", "Grace", "mocha"])
        try cli.write(
            "orders.json",
            #"[{"id": "imp00001", "customer": "Alan", "placedAt": "2030-01-01T09:00:00Z", "items": [{"name": "tea"}]},"#
                + #" {"id": "imp00002", "customer": "Margaret", "status": "cancelled"}]"#)
        #expect(try await cli.succeeds(["import", "orders.json"]).output == "imp00001\nimp00002\n")
        #expect(
            try await cli.succeeds(["delete", ada, "imp00002"]).output == "deleted 2 order(s): \(ada), imp00002\n")
        let verify = try await cli.succeeds(["migrate", "verify"])
        #expect(verify.output.contains("clean; both backends hold the same 2 order(s)"), "\(verify)")
        let expected = """
            \(grace)  open       Grace: 1 × mocha
            imp00001  open       Alan: 1 × tea

            """
        #expect(try await cli.succeeds(["list", "--store", "sqlite:new.sqlite"]).output == expected)
        #expect(try await cli.succeeds(["list", "--store", "json:old"]).output == expected)
    }
}
