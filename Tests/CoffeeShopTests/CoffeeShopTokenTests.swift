import Foundation
import Testing

/// Servers started with different tokens, as two backends of a migration are: each gets its own
/// token from the tokens file, and a refused token fails the command at once, naming the side.
@Suite("coffeeshop with token-protected servers", .serialized, .timeLimit(.minutes(3)))
struct CoffeeShopTokenTests {
    @Test("a mirror between two servers with tokens of their own: one shared token is refused, a tokens file works")
    func mirrorOfTwoServers() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let old = try await StoreServerProcess(
            store: "sqlite:" + folder.appendingPathComponent("old.sqlite").path, token: "old-secret")
        let new = try await StoreServerProcess(
            store: "sqlite:" + folder.appendingPathComponent("new.sqlite").path, token: "new-secret")
        var cli = CoffeeShopCLI(
            folder: folder,
            environment: ["HARBOR_STORE_TOKEN": "old-secret", "COFFEESHOP_STORE": "mirror:\(old.url),\(new.url)"])

        // One token for both: the secondary refuses it, and the command fails before writing anything.
        let refused = try await cli.run(["create", "--customer", "Ada", "latte"])
        #expect(refused.status != 0, "\(refused)")
        #expect(
            refused.errors.contains(
                "the secondary of the mirror, \(new.url), refused the token from HARBOR_STORE_TOKEN (HTTP 401)"),
            "\(refused)")
        #expect(refused.errors.contains("COFFEESHOP_TOKENS"), "says how to give it its own: \(refused)")
        #expect(!refused.output.contains("backlog") && !"\(refused)".contains("secret"), "\(refused)")
        #expect(
            try await cli.succeeds(["list", "--store", old.url]).output.hasPrefix("(no orders yet"),
            "nothing was written on the primary")

        // A token per server.
        try cli.write(
            "tokens",
            "# the two backends of the migration\n\(old.url) old-secret\n\(new.url.uppercased())/ new-secret\n",
            private: true)
        cli.environment["HARBOR_STORE_TOKEN"] = nil
        cli.environment["COFFEESHOP_TOKENS"] = folder.appendingPathComponent("tokens").path
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        try cli.write("orders.json", #"[{"id": "imp00001", "customer": "Alan"}]"#)
        try await cli.succeeds(["import", "orders.json"])
        try await cli.succeeds(["delete", "imp00001"])
        let verify = try await cli.succeeds(["migrate", "verify"])
        #expect(verify.output.contains("clean; both backends hold the same 1 order(s)"), "\(verify)")
        let onNew = try await cli.succeeds(["list", "--store", new.url])
        #expect(onNew.output == "\(ada)  open       Ada: 1 × latte\n", "\(onNew)")
        let status = try await cli.succeeds(["status"])
        #expect(status.output.contains("secondary: answers") && status.output.contains("backlog: empty"))
        try await old.stop()
        try await new.stop()
    }

    @Test("a refused token names the side: the primary of a mirror, the online store of a fallback")
    func refusals() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let server = try await StoreServerProcess(
            store: "sqlite:" + folder.appendingPathComponent("shop.sqlite").path, token: "shop-secret")
        let tokens = folder.appendingPathComponent("tokens").path
        var cli = CoffeeShopCLI(folder: folder, environment: ["COFFEESHOP_TOKENS": tokens])
        try cli.write("tokens", "\(server.url) stale-token\n", private: true)

        cli.environment["COFFEESHOP_STORE"] = "mirror:\(server.url),json:new"
        let primary = try await cli.run(["create", "--customer", "Ada", "latte"])
        #expect(primary.status != 0, "\(primary)")
        #expect(
            primary.errors.contains(
                "the primary of the mirror, \(server.url), refused the token from its line in \(tokens)"),
            "\(primary)")

        cli.environment["COFFEESHOP_STORE"] = "fallback:\(server.url),json:local"
        let online = try await cli.run(["create", "--customer", "Ada", "latte"])
        #expect(online.status != 0, "a refusal is not an outage: nothing is kept locally to send later: \(online)")
        #expect(online.errors.contains("the online store of the fallback, \(server.url), refused"), "\(online)")
        let status = try await cli.run(["status"])
        #expect(status.status != 0, "\(status)")
        #expect(status.output.contains("waiting: nothing"), "\(status)")
        #expect(!"\(primary)\(online)\(status)".contains("stale-token"), "no token printed")

        // The file must be its owner's only, and well formed.
        try cli.write("tokens", "\(server.url) shop-secret\n")
        let exposed = try await cli.run(["list", "--store", server.url])
        #expect(exposed.status != 0)
        #expect(
            exposed.errors.contains("may be read by other users (mode 644): run `chmod 600 \(tokens)`"), "\(exposed)")
        try cli.write("tokens", "\(server.url)\n", private: true)
        let bad = try await cli.run(["list", "--store", server.url])
        #expect(bad.errors.contains("line 1 of the tokens file \(tokens)"), "\(bad)")
        try cli.write("tokens", "\(server.url) shop-secret\n", private: true)
        try await cli.succeeds(["list", "--store", server.url])
        try await server.stop()
    }

    @Test("copies waiting for a secondary that now refuses its token stay in the journal, and go once it takes one")
    func journalKept() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let database = "sqlite:" + folder.appendingPathComponent("new.sqlite").path
        var server = try await StoreServerProcess(store: database, token: "first-secret")
        let tokens = folder.appendingPathComponent("tokens").path
        let cli = CoffeeShopCLI(
            folder: folder,
            environment: ["COFFEESHOP_TOKENS": tokens, "COFFEESHOP_STORE": "mirror:json:orders,\(server.url)"])
        try cli.write("tokens", "\(server.url) first-secret\n", private: true)
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        try await server.stop()
        let grace = try await cli.created(["--customer", "Grace", "mocha"])  // waits in the journal

        // The server comes back with another token: the copy is refused, loudly, and kept.
        server = try await StoreServerProcess(store: database, port: server.port, token: "second-secret")
        let sync = try await cli.run(["sync"])
        #expect(sync.status != 0, "\(sync)")
        #expect(sync.errors.contains("the secondary of the mirror, \(server.url), refused the token"), "\(sync)")
        let status = try await cli.run(["status"])
        #expect(status.status != 0, "\(status)")
        #expect(status.output.contains("backlog: 1 write(s) wait for the secondary"), "kept: \(status)")
        #expect(status.errors.contains("the secondary of the mirror"), "\(status)")

        try cli.write("tokens", "\(server.url) second-secret\n", private: true)
        let copied = try await cli.succeeds(["sync"])
        #expect(copied.output == "sync: copied 1 waiting write(s) to the secondary\n", "\(copied)")
        let verify = try await cli.succeeds(["migrate", "verify"])
        #expect(verify.output.contains("clean; both backends hold the same 2 order(s)"), "\(verify)")
        let onServer = try await cli.succeeds(["list", "--store", server.url])
        #expect(onServer.output.contains(ada) && onServer.output.contains(grace), "\(onServer)")
        try await server.stop()
    }
}
