import Foundation
import Testing

/// The README's offline story with the real binaries: a fallback from a real `harbor-store-server`
/// on loopback to a local JSON folder; the server stops, an order is still taken, and it reaches
/// the server when the server is back and `sync` sends it.
@Suite("the README's offline story, end to end", .serialized, .timeLimit(.minutes(3)))
struct CoffeeShopFallbackTests {
    @Test("orders taken while the server is away are kept locally; status only reads, sync sends them")
    func offline() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let database = "sqlite:" + folder.appendingPathComponent("shop.sqlite").path
        var server = try await StoreServerProcess(store: database, token: nil)
        let local = "json:" + folder.appendingPathComponent("local").path
        let cli = CoffeeShopCLI(folder: folder, environment: ["COFFEESHOP_STORE": "fallback:\(server.url),\(local)"])
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        let online = try await cli.succeeds(["status"])
        #expect(online.output.contains("online: the online store answers"), "\(online)")
        #expect(online.output.contains("waiting: nothing"), "\(online)")

        try await server.stop()
        let grace = try await cli.created(["--customer", "Grace", "mocha"])
        try await cli.succeeds(["add", ada, "cake"])
        let offline = try await cli.succeeds(["status"])
        #expect(offline.output.contains("offline: the online store does not answer"), "\(offline)")
        #expect(offline.output.contains("waiting: 2 change(s) to send: \(grace), \(ada)"), "\(offline)")
        let away = try await cli.succeeds(["list"])
        #expect(away.output.contains("\(ada)  open       Ada: 1 × latte, 1 × cake"), "\(away)")
        #expect(away.output.contains("\(grace)  open       Grace: 1 × mocha"), "\(away)")
        let stillAway = try await cli.run(["sync"])
        #expect(stillAway.status != 0, "sync says the online store did not answer: \(stillAway)")
        #expect(stillAway.errors.contains("\(server.url) is unavailable"), "\(stillAway)")

        server = try await StoreServerProcess(store: database, port: server.port, token: nil)
        let back = try await cli.succeeds(["status"])
        #expect(back.output.contains("online: the online store answers"), "\(back)")
        #expect(back.output.contains("waiting: 2 change(s) to send"), "status sends nothing: \(back)")
        #expect(
            try await cli.succeeds(["list", "--store", server.url]).output == "\(ada)  open       Ada: 1 × latte\n",
            "the server has not had the changes made offline")
        let sync = try await cli.succeeds(["sync"])
        #expect(sync.output == "sync: the online store answers; sent 2 waiting change(s)\n", "\(sync)")
        #expect(try await cli.succeeds(["status"]).output.contains("waiting: nothing"))
        let onServer = try await cli.succeeds(["list", "--store", server.url])
        #expect(
            onServer.output == """
                \(ada)  open       Ada: 1 × latte, 1 × cake
                \(grace)  open       Grace: 1 × mocha

                """, "\(onServer)")
        try await server.stop()
    }

    @Test("an order changed on the server while it was changed here offline is a conflict; status shows both sides")
    func conflict() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let database = "sqlite:" + folder.appendingPathComponent("shop.sqlite").path
        var server = try await StoreServerProcess(store: database, token: nil)
        let local = "json:" + folder.appendingPathComponent("local").path
        let cli = CoffeeShopCLI(folder: folder, environment: ["COFFEESHOP_STORE": "fallback:\(server.url),\(local)"])
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        try await server.stop()
        try await cli.succeeds(["add", ada, "cake"])  // offline, here
        server = try await StoreServerProcess(store: database, port: server.port, token: nil)
        try await cli.succeeds(["add", ada, "scone", "--store", server.url])  // meanwhile, on the server
        let sync = try await cli.succeeds(["sync"])
        #expect(sync.output.contains("sent 0 waiting change(s); 1 conflict(s)"), "\(sync)")
        let status = try await cli.succeeds(["status"])
        let lines = status.output.split(separator: "\n").map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("conflict ") }, "\(status)")
        let line = lines[index]
        #expect(line.contains("order(s) \(ada) changed online and here"), "\(status)")
        // Both sides and what differs, before anyone chooses: the offline change is not lost from sight.
        #expect(
            Array(lines.dropFirst(index + 1).prefix(3)) == [
                "  online:  \(ada)  open       Ada: 1 × latte, 1 × scone",
                "  offline: \(ada)  open       Ada: 1 × latte, 1 × cake",
                "  differs: scone: 1 online, none offline; cake: none online, 1 offline",
            ], "\(status)")
        #expect(
            try await cli.succeeds(["list", "--store", server.url]).output.contains("Ada: 1 × latte, 1 × scone"),
            "the server's change stands")
        let id = String(line.dropFirst("conflict ".count).prefix { $0 != ":" })
        let resolved = try await cli.succeeds(["resolve", id, "--keep", "local"])
        #expect(resolved.output == "resolved conflict \(id): kept the local side\n")
        #expect(!(try await cli.succeeds(["status"]).output.contains("conflict ")))
        #expect(
            try await cli.succeeds(["list", "--store", server.url]).output.contains("Ada: 1 × latte, 1 × cake"),
            "the offline change was chosen, and sent")
        try await server.stop()
    }

    @Test("a delete and an import made offline wait like any change, and are sent when the server is back")
    func batchOffline() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let database = "sqlite:" + folder.appendingPathComponent("shop.sqlite").path
        var server = try await StoreServerProcess(store: database, token: nil)
        let local = "json:" + folder.appendingPathComponent("local").path
        let cli = CoffeeShopCLI(folder: folder, environment: ["COFFEESHOP_STORE": "fallback:\(server.url),\(local)"])
        let ada = try await cli.created(["--customer", "Ada", "latte"])
        let grace = try await cli.created(["--customer", "Grace", "mocha"])
        try await server.stop()

        try await cli.succeeds(["delete", ada])
        try cli.write(
            "orders.json",
            #"[{"id": "imp00001", "customer": "Alan", "placedAt": "2030-01-01T09:00:00Z", "items": [{"name": "tea"}]},"#
                + #" {"id": "imp00002", "customer": "Margaret", "placedAt": "2030-01-01T09:05:00Z"}]"#)
        #expect(try await cli.succeeds(["import", "orders.json"]).output == "imp00001\nimp00002\n")
        let offline = try await cli.succeeds(["status"])
        #expect(offline.output.contains("waiting: 2 change(s) to send: \(ada), imp00001, imp00002"), "\(offline)")
        #expect(
            try await cli.succeeds(["list"]).output == """
                \(grace)  open       Grace: 1 × mocha
                imp00001  open       Alan: 1 × tea
                imp00002  open       Margaret: (no items)

                """)

        server = try await StoreServerProcess(store: database, port: server.port, token: nil)
        #expect(try await cli.succeeds(["sync"]).output.contains("sent 2 waiting change(s)"))
        let onServer = try await cli.succeeds(["list", "--store", server.url])
        #expect(
            onServer.output == """
                \(grace)  open       Grace: 1 × mocha
                imp00001  open       Alan: 1 × tea
                imp00002  open       Margaret: (no items)

                """, "\(onServer)")
        try await server.stop()
    }
}
