import Foundation
import Testing

/// The built `coffeeshop` on the stores of this machine, JSON files and SQLite, as a user runs it.
@Suite("coffeeshop on local stores", .timeLimit(.minutes(3)))
struct CoffeeShopCommandTests {
    @Test("take, change, cancel and list orders", arguments: ["json:orders", "sqlite:orders.sqlite"])
    func orders(store: String) async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": store])
        let created = try await cli.run(["create", "--customer", "Ada", "latte", "cake"])
        #expect(created.status == 0, "\(created)")
        let ada = created.firstLine
        #expect(ada.count == 8 && ada.allSatisfy(\.isHexDigit), "\(created)")
        let added = try await cli.run(["add", ada.uppercased(), "Latte", "--quantity", "2"])
        #expect(added.status == 0, "\(added)")
        #expect(added.output == "added 2 × Latte to order \(ada)\n")
        #expect(try await cli.run(["remove", ada, "cake"]).output == "removed cake from order \(ada)\n")
        let grace = try await cli.run(["create", "--customer", "Grace", "espresso"]).firstLine
        #expect(try await cli.run(["cancel", grace]).output == "cancelled order \(grace)\n")
        let list = try await cli.run(["list"])
        #expect(list.status == 0, "\(list)")
        #expect(
            list.output == """
                \(ada)  open       Ada: 3 × latte
                \(grace)  cancelled  Grace: 1 × espresso

                """)
        #expect(try await cli.run(["list", "--open"]).output == "\(ada)  open       Ada: 3 × latte\n")
        let status = try await cli.run(["status"])
        #expect(status.status == 0, "\(status)")
        #expect(status.output.contains("orders: 2 (1 open)"), "\(status)")
    }

    @Test("the rules' refusals are one-line errors that say what to do")
    func refusals() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "json:orders"])
        let id = try await cli.run(["create", "--customer", "Ada", "latte"]).firstLine
        let missingItem = try await cli.run(["remove", id, "tea"])
        #expect(missingItem.status != 0)
        #expect(missingItem.errors.contains("order \(id) has no \"tea\"; it has \"latte\""), "\(missingItem)")
        let unknown = try await cli.run(["add", "12345678", "latte"])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("there is no order 12345678; `coffeeshop list`"), "\(unknown)")
        _ = try await cli.run(["cancel", id])
        let cancelled = try await cli.run(["add", id, "cake"])
        #expect(cancelled.errors.contains("order \(id) was cancelled and cannot change"), "\(cancelled)")
        let customer = try await cli.run(["create", "--customer", " ", "latte"])
        #expect(customer.errors.contains("an order needs the customer's name"), "\(customer)")
    }

    @Test(
        "a bad --store names the forms a store takes",
        arguments: [
            ("mongo://localhost", "'mongo://localhost' is not a store location"),
            ("json:", "'json:' is incomplete: write json:FOLDER"),
            ("mirror:json:a", "'mirror:json:a' is incomplete: write mirror:A,B"),
            ("fallback:http://127.0.0.1:1,postgres://me@db/shop", "the local side of a fallback must be json:FOLDER"),
            ("mirror:json:a,mirror:json:b,json:c", "puts a mirror or fallback inside another"),
        ])
    func badStore(store: String, message: String) async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder())
        let run = try await cli.run(["list", "--store", store])
        #expect(run.status != 0)
        #expect(run.errors.contains(message), "\(run)")
        #expect(run.errors.contains("mirror:A,B"), "the forms are listed: \(run)")
        #expect(run.errors.contains("fallback:ONLINE,LOCAL"), "\(run)")
    }

    @Test("a PostgreSQL password in a bad location is never printed")
    func redacted() async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder())
        let run = try await cli.run(["list", "--store", "mirror:postgres://me:s3cret@db/shop"])
        #expect(run.status != 0)
        #expect(!run.errors.contains("s3cret"), "\(run)")
        #expect(run.errors.contains("postgres://me:***@db/shop"), "\(run)")
    }

    @Test("listing a store that does not exist is an error, and creates nothing")
    func missingStore() async throws {
        let folder = try BuiltProduct.temporaryFolder()
        let cli = CoffeeShopCLI(folder: folder)
        let run = try await cli.run(["list", "--store", "sqlite:nothing-here.sqlite"])
        #expect(run.status != 0, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nothing-here.sqlite").path))
    }

    @Test("--help teaches with examples")
    func help() async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder())
        let help = try await cli.run(["--help"])
        #expect(help.status == 0)
        for example in ["coffeeshop create --customer Ada latte cake", "coffeeshop migrate backfill", "fallback:"] {
            #expect(help.output.contains(example), "\(example) missing from\n\(help.output)")
        }
        let migrate = try await cli.run(["migrate", "--help"])
        #expect(migrate.output.contains("coffeeshop migrate cutover"), "\(migrate)")
    }
}
