import Foundation
import Testing

/// The README's offline story with the real binaries: a fallback from a real `harbor-store-server`
/// on loopback to a local JSON folder; the server stops, an order is still taken, and it reaches
/// the server when the server is back.
@Suite("the README's offline story, end to end", .serialized, .timeLimit(.minutes(3)))
struct CoffeeShopFallbackTests {
    @Test("orders taken while the server is away are kept locally and sent when it is back")
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

        server = try await StoreServerProcess(store: database, port: server.port, token: nil)
        let back = try await cli.succeeds(["status"])
        #expect(back.output.contains("online: the online store answers; sent 2 waiting change(s)"), "\(back)")
        #expect(back.output.contains("waiting: nothing"), "\(back)")
        let onServer = try await cli.succeeds(["list", "--store", server.url])
        #expect(
            onServer.output == """
                \(ada)  open       Ada: 1 × latte, 1 × cake
                \(grace)  open       Grace: 1 × mocha

                """, "\(onServer)")
        try await server.stop()
    }

    @Test("an order changed on the server while it was changed here offline is a conflict, never overwritten")
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
        let status = try await cli.succeeds(["status"])
        let line = try #require(
            status.output.split(separator: "\n").first { $0.hasPrefix("conflict ") }, "\(status)")
        #expect(line.contains("order(s) \(ada) changed online and here"), "\(status)")
        #expect(
            try await cli.succeeds(["list", "--store", server.url]).output.contains("Ada: 1 × latte, 1 × scone"),
            "the server's change stands")
        let id = String(line.dropFirst("conflict ".count).prefix { $0 != ":" })
        let resolved = try await cli.succeeds(["resolve", id, "--keep", "online"])
        #expect(resolved.output == "resolved conflict \(id): kept the online side\n")
        #expect(!(try await cli.succeeds(["status"]).output.contains("conflict ")))
        #expect(try await cli.succeeds(["list"]).output.contains("Ada: 1 × latte, 1 × scone"))
        try await server.stop()
    }
}
