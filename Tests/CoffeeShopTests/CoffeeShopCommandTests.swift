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

        try cli.write(
            "orders.json",
            #"[{"id": "imp00001", "customer": "Alan", "placedAt": "2030-01-01T09:00:00Z", "items": [{"name": "tea"}]},"#
                + #" {"id": "imp00002", "customer": "Margaret", "placedAt": "2030-01-01T09:05:00Z","#
                + #"  "status": "cancelled", "items": [{"name": "mocha", "quantity": 2}]}]"#)
        let imported = try await cli.run(["import", "orders.json"])
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.output == "imp00001\nimp00002\n")
        let deleted = try await cli.run(["delete", ada, "IMP00002"])
        #expect(deleted.status == 0, "\(deleted)")
        #expect(deleted.output == "deleted 2 order(s): \(ada), imp00002\n")
        #expect(
            try await cli.run(["list"]).output == """
                \(grace)  cancelled  Grace: 1 × espresso
                imp00001  open       Alan: 1 × tea

                """)
        let unknown = try await cli.run(["delete", grace, "12345678"])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("there is no order 12345678"), "\(unknown)")
        #expect(try await cli.run(["list"]).output.contains(grace), "all or nothing: \(grace) is still there")
    }

    @Test(
        "a bad import file is refused as a whole, naming the entry; nothing is written",
        arguments: [
            (
                #"[{"customer": "Ada", "items": [{"name": "latte"}]}, {"id": "b2", "customer": "Grace","#
                    + #" "items": [{"name": "mocha", "quantity": 0}]}]"#,
                "orders.json, entry 2 (order b2): a quantity must be 1 to 20, not 0; nothing was imported"
            ),
            (
                #"[{"customer": "Ada", "items": [{"name": "latte", "quantity": "two"}]}]"#,
                "orders.json, entry 1: item 1, quantity: expected a whole number; nothing was imported"
            ),
            (#"[{"customer": "Ada"}, {"items": []}]"#, #"orders.json, entry 2: "customer" is missing"#),
            (#"{"customer": "Ada"}"#, "orders.json is not a list of orders (it must hold a JSON array of orders"),
            (#"[{"customer": "Ada"},"#, "orders.json is not a list of orders"),
            (
                #"[{"id": "a1", "customer": "Ada"}, {"customer": "Alan"}, {"id": "A1", "customer": "Grace"}]"#,
                "orders.json, entries 1 and 3 are both order a1"
            ),
            (#"[{"id": "no spaces", "customer": "Ada"}]"#, "entry 1 (order no spaces): an order's identifier is"),
            (
                #"[{"customer": "Ada", "status": "done"}]"#,
                #"entry 1: an order's status is open, served or cancelled, not "done""#
            ),
            (
                #"[{"customer": "Ada", "placedAt": "yesterday"}]"#,
                #"orders.json, entry 1: placedAt: expected a date and time such as "2025-05-01T09:30:00Z", not "yesterday""#
            ),
            ("[]", "orders.json, the file holds no order"),
        ])
    func badImport(file: String, message: String) async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "json:orders"])
        let zoe = try await cli.created(["--customer", "Zoe", "tea"])
        try cli.write("orders.json", file)
        let run = try await cli.run(["import", "orders.json"])
        #expect(run.status != 0, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(run.errors.contains("nothing was imported"), "\(run)")
        #expect(try await cli.run(["list"]).output == "\(zoe)  open       Zoe: 1 × tea\n", "nothing was written")
    }

    @Test("an import refuses an order kept already, writing none of the file, unless --replace")
    func importExisting() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "sqlite:orders.sqlite"])
        try cli.write("first.json", #"[{"id": "c1", "customer": "Ada", "items": [{"name": "latte"}]}]"#)
        #expect(try await cli.run(["import", "first.json"]).status == 0)
        try cli.write("second.json", #"[{"id": "d1", "customer": "Alan"}, {"id": "c1", "customer": "Grace"}]"#)
        let refused = try await cli.run(["import", "second.json"])
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains("second.json, entry 2 (order c1): there is an order c1 already; give --replace"),
            "\(refused)")
        #expect(try await cli.run(["list"]).output == "c1  open       Ada: 1 × latte\n", "d1 was not written either")
        let replaced = try await cli.run(["import", "second.json", "--replace"])
        #expect(replaced.status == 0, "\(replaced)")
        let list = try await cli.run(["list"]).output
        #expect(list.contains("c1  open       Grace: (no items)") && list.contains("d1  open       Alan"), "\(list)")
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

    @Test(
        "a mirror or a fallback whose two sides are one store, however written, is refused",
        arguments: [
            ("mirror:json:a,json:a", "'json:a' is named on both sides"),
            ("mirror:json:a,json:./a/", "'json:a' and 'json:./a/' are the same store"),
            ("mirror:json:a,json:link-to-a", "'json:a' and 'json:link-to-a' are the same store"),
            ("fallback:sqlite:s.sqlite,sqlite:./sub/../s.sqlite", "are the same store"),
            ("mirror:http://127.0.0.1:8095,HTTP://127.0.0.1:8095/", "are the same store"),
            ("mirror:json:a,json:b", nil),
            ("mirror:https://example.com,https://EXAMPLE.com:443", "are the same store"),
            (
                "mirror:postgres://me:pw-one@db/shop?schema=a,postgres://you:pw-two@DB:5432/shop?schema=a",
                "are the same store"
            ),
        ])
    func sameStore(store: String, message: String?) async throws {
        let folder = try BuiltProduct.temporaryFolder()
        // A link to a folder that does not exist yet: the mirror would create it through both names.
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link-to-a").path, withDestinationPath: "a")
        let cli = CoffeeShopCLI(folder: folder)
        let run = try await cli.run(["create", "--customer", "Ada", "latte", "--store", store])
        guard let message else {
            #expect(!run.errors.contains("same store"), "two stores: \(run)")
            return
        }
        #expect(run.status != 0, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(run.errors.contains("a mirror or a fallback needs two different stores"), "\(run)")
        #expect(!run.errors.contains("pw-"), "no password printed: \(run)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a").path), "nothing created")
    }

    @Test("status names the PostgreSQL schema in use, without the password, even when the server is down")
    func postgresSchemaShown() async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder())
        let url = "postgres://me:s3cret@127.0.0.1:1/shop?schema=coffee_x"
        let plain = try await cli.run(["status", "--store", url])
        #expect(plain.status != 0, "nothing listens on port 1: \(plain)")
        #expect(plain.output.contains("store: PostgreSQL postgres://me@127.0.0.1:1/shop?schema=coffee_x"), "\(plain)")
        let fallback = try await cli.run(["status", "--store", "fallback:\(url),json:local"])
        #expect(
            fallback.output.contains("store: PostgreSQL postgres://me@127.0.0.1:1/shop?schema=coffee_x, else"),
            "\(fallback)")
        #expect(fallback.output.contains("offline: the online store does not answer"), "\(fallback)")
        for run in [plain, fallback] { #expect(!"\(run)".contains("s3cret"), "no password printed: \(run)") }
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
        for example in [
            "coffeeshop create --customer Ada latte cake", "coffeeshop migrate backfill", "fallback:",
            "coffeeshop delete 3f2a9c1e", "coffeeshop import orders.json", "coffeeshop sync", "COFFEESHOP_TOKENS",
        ] {
            #expect(help.output.contains(example), "\(example) missing from\n\(help.output)")
        }
        let migrate = try await cli.run(["migrate", "--help"])
        #expect(migrate.output.contains("coffeeshop migrate cutover"), "\(migrate)")
        let importHelp = try await cli.run(["import", "--help"])
        #expect(importHelp.output.contains(#""customer": "Ada""#), "the file format is shown: \(importHelp)")
    }
}
