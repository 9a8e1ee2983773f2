import Foundation
import HarborTesting
import Testing

/// The README's migration, end to end, with the real binaries: orders taken on a real
/// `harbor-store-server` on loopback, mirrored to a real PostgreSQL, backfilled, verified, cut
/// over, and the old server stopped; every order taken before, during and after is there.
@Suite("the README's migration, end to end", .serialized, .timeLimit(.minutes(5)))
struct CoffeeShopMigrationTests {
    @Test(
        "http → mirror → backfill, verify, cutover → postgres alone: nothing taken during the move is lost",
        .enabled(if: PostgresTestServer.enabled, Comment(rawValue: PostgresTestServer.skipReason)))
    func migration() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let token = "latte-art-42"
        let postgres = try PostgresTestServer.freshURL(schemaPrefix: "coffee_")
        var cli = CoffeeShopCLI(folder: folder, environment: ["HARBOR_STORE_TOKEN": token])
        let old = try await StoreServerProcess(
            store: "sqlite:" + folder.appendingPathComponent("old-backend.sqlite").path, token: token)

        // 1. The old backend.
        cli.environment["COFFEESHOP_STORE"] = old.url
        let ada = try await cli.created(["--customer", "Ada", "latte", "cake"])
        let grace = try await cli.created(["--customer", "Grace", "espresso"])
        try await cli.succeeds(["add", ada, "latte"])
        #expect(try await cli.succeeds(["list"]).output.contains("\(ada)  open       Ada: 2 × latte, 1 × cake"))

        // 2. Mirrored to PostgreSQL, taking orders and changing one.
        cli.environment["COFFEESHOP_STORE"] = "mirror:\(old.url),\(postgres)"
        let alan = try await cli.created(["--customer", "Alan", "tea"])
        try await cli.succeeds(["remove", ada, "cake"])
        let status = try await cli.succeeds(["status"])
        #expect(status.output.contains("orders: 3"), "\(status)")

        // 3. Backfill, verify, cut over; one more order, now PostgreSQL first.
        let backfill = try await cli.succeeds(["migrate", "backfill"])
        #expect(backfill.output.contains("copied"), "\(backfill)")
        let verify = try await cli.succeeds(["migrate", "verify"])
        #expect(verify.output.contains("clean"), "\(verify)")
        let cutover = try await cli.succeeds(["migrate", "cutover"])
        #expect(cutover.output.contains("is the primary now"), "\(cutover)")
        #expect(!cutover.output.contains(try #require(PostgresTestServer.password)), "no password printed")
        cli.environment["COFFEESHOP_STORE"] = "mirror:\(postgres),\(old.url)"
        let margaret = try await cli.created(["--customer", "Margaret", "mocha"])
        #expect(try await cli.succeeds(["migrate", "verify"]).output.contains("clean; both backends hold the same 4"))

        // 4. PostgreSQL alone; the old server stopped.
        try await old.stop()
        cli.environment["COFFEESHOP_STORE"] = postgres
        let list = try await cli.succeeds(["list"])
        #expect(
            list.output == """
                \(ada)  open       Ada: 2 × latte
                \(grace)  open       Grace: 1 × espresso
                \(alan)  open       Alan: 1 × tea
                \(margaret)  open       Margaret: 1 × mocha

                """, "\(list)")
        #expect(!list.output.contains(postgres), "no password printed")
        try await cli.succeeds(["add", alan, "scone"])
        #expect(try await cli.succeeds(["list", "--open"]).output.contains("Alan: 1 × tea, 1 × scone"))
    }

    @Test("migrate on a store that is not a mirror says what to do")
    func notAMirror() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "json:orders"])
        let run = try await cli.run(["migrate", "verify"])
        #expect(run.status != 0)
        #expect(run.errors.contains("--store mirror:OLD,NEW"), "\(run)")
    }
}

extension CoffeeShopCLI {
    /// Runs a command that must succeed, and returns what it printed.
    @discardableResult
    func succeeds(_ arguments: [String]) async throws -> Run {
        let run = try await run(arguments)
        #expect(run.status == 0, "coffeeshop \(arguments.joined(separator: " ")): \(run)")
        return run
    }

    /// Runs `create` with `arguments`, and returns the new order's identifier.
    func created(_ arguments: [String]) async throws -> String {
        try await succeeds(["create"] + arguments).firstLine
    }
}
