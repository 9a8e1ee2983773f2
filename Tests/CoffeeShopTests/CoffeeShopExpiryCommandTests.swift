import Foundation
import Testing

/// The built `coffeeshop`: orders served, orders left open cancelled when their time comes (the
/// time set with `COFFEESHOP_NOW`, so nothing waits), `expire`, and `create --request-id`.
@Suite("coffeeshop: served, left open, requests sent twice", .timeLimit(.minutes(3)))
struct CoffeeShopExpiryCommandTests {
    /// Nine o'clock, and minutes after it, as `COFFEESHOP_NOW` takes them.
    static func at(minutes: Int) -> [String: String] {
        let date = Date(timeIntervalSince1970: 1_893_488_400).addingTimeInterval(Double(minutes * 60))
        return ["COFFEESHOP_NOW": date.formatted(.iso8601)]
    }

    @Test(
        "an order left open is cancelled by the first command after its time; a served one stays served",
        arguments: ["json:orders", "sqlite:orders.sqlite"])
    func leftOpen(store: String) async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": store])
        let ada = try await cli.run(["create", "--customer", "Ada", "latte"], environment: Self.at(minutes: 0))
        #expect(ada.status == 0, "\(ada)")
        let grace = try await cli.run(["create", "--customer", "Grace", "mocha"], environment: Self.at(minutes: 10))
        let served = try await cli.run(["serve", grace.firstLine], environment: Self.at(minutes: 20))
        #expect(served.output == "served order \(grace.firstLine)\n", "\(served)")

        let before = try await cli.run(["list"], environment: Self.at(minutes: 59))
        #expect(
            before.output
                == "\(ada.firstLine)  open       Ada: 1 × latte\n\(grace.firstLine)  served     Grace: 1 × mocha\n",
            "\(before)")
        let status = try await cli.run(["status"], environment: Self.at(minutes: 61))
        #expect(status.output.contains("orders: 2 (1 open, 1 served)"), "\(status)")
        #expect(
            status.output.contains("expiries: 1 open order(s) are cancelled if left open; 1 past their time"),
            "status only reads: \(status)")
        let after = try await cli.run(["list"], environment: Self.at(minutes: 61))
        #expect(
            after.output.hasPrefix("\(ada.firstLine)  cancelled  Ada: 1 × latte (left open)\n"), "\(after)")
        #expect(try await cli.run(["list", "--served"]).output == "\(grace.firstLine)  served     Grace: 1 × mocha\n")
        let add = try await cli.run(["add", ada.firstLine, "cake"], environment: Self.at(minutes: 62))
        #expect(add.status != 0)
        #expect(add.errors.contains("order \(ada.firstLine) was cancelled because it was left open until"), "\(add)")
    }

    @Test("--cancel-open-after and COFFEESHOP_CANCEL_OPEN_AFTER set the time; off keeps an order open")
    func limits() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "sqlite:orders.sqlite"])
        let short = try await cli.run(
            ["create", "--customer", "Ada", "latte", "--cancel-open-after", "20m"], environment: Self.at(minutes: 0))
        var shop = Self.at(minutes: 0)
        shop["COFFEESHOP_CANCEL_OPEN_AFTER"] = "1h30m"
        let variable = try await cli.run(["create", "--customer", "Grace", "mocha"], environment: shop)
        let never = try await cli.run(
            ["create", "--customer", "Alan", "tea", "--cancel-open-after", "off"], environment: shop)
        for run in [short, variable, never] { #expect(run.status == 0, "\(run)") }

        let at21 = try await cli.run(["list", "--open"], environment: Self.at(minutes: 21)).output
        #expect(!at21.contains(short.firstLine) && at21.contains(variable.firstLine), "\(at21)")
        let at91 = try await cli.run(["list", "--open"], environment: Self.at(minutes: 91)).output
        #expect(at91 == "\(never.firstLine)  open       Alan: 1 × tea\n", "\(at91)")
        let weekLater = try await cli.run(["list", "--open"], environment: Self.at(minutes: 60 * 24 * 7)).output
        #expect(weekLater == at91, "off: open until served or cancelled")
    }

    @Test(
        "a bad limit, time or request identifier is refused, saying what is expected",
        arguments: [
            (
                ["--cancel-open-after", "60"], [:],
                "--cancel-open-after takes how long an order may stay open, such as 45m"
            ),
            (["--cancel-open-after", "2 weeks"], [:], "not \"2 weeks\""),
            (["--cancel-open-after", "200h"], [:], "at most 168h"),
            ([], ["COFFEESHOP_CANCEL_OPEN_AFTER": "soon"], "COFFEESHOP_CANCEL_OPEN_AFTER takes how long"),
            ([], ["COFFEESHOP_NOW": "teatime"], "COFFEESHOP_NOW fixes the shop's time to a date and time"),
            (["--request-id", "has spaces"], [:], "a request identifier is 1 to 128 visible ASCII characters"),
        ])
    func refusals(arguments: [String], environment: [String: String], message: String) async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "json:orders"])
        let run = try await cli.run(["create", "--customer", "Ada", "latte"] + arguments, environment: environment)
        #expect(run.status != 0, "\(run)")
        #expect(run.errors.contains(message), "\(run)")
        #expect(
            !FileManager.default.fileExists(atPath: cli.folder.appendingPathComponent("orders").path), "nothing taken")
    }

    @Test("an order with no items is not served", arguments: ["json:orders"])
    func serveEmpty(store: String) async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": store])
        let id = try await cli.run(["create", "--customer", "Ada"]).firstLine
        let run = try await cli.run(["serve", id])
        #expect(run.status != 0)
        #expect(run.errors.contains("order \(id) has no items to serve"), "\(run)")
    }

    @Test(
        "create --request-id twice prints one order, once taken; another identifier takes another",
        arguments: ["json:orders", "sqlite:orders.sqlite", "mirror:json:old,sqlite:new.sqlite"])
    func requestSentTwice(store: String) async throws {
        let cli = CoffeeShopCLI(folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": store])
        let arguments = ["create", "--request-id", "7d9c1e2a-order-1", "--customer", "Ada", "latte"]
        let first = try await cli.run(arguments)
        let again = try await cli.run(arguments)
        #expect(first.status == 0 && again.status == 0, "\(first)\n\(again)")
        #expect(first.firstLine.count == 8 && again.output == first.output, "\(first)\n\(again)")
        let other = try await cli.run(["create", "--request-id", "7d9c1e2a-order-2", "--customer", "Ada", "latte"])
        #expect(other.status == 0 && other.firstLine != first.firstLine, "\(other)")
        let list = try await cli.run(["list"]).output
        #expect(list.split(separator: "\n").count == 2, "\(list)")

        let reused = try await cli.run(["create", "--request-id", "7d9c1e2a-order-1", "--customer", "Grace", "latte"])
        #expect(reused.status != 0)
        #expect(
            reused.errors.contains("request 7d9c1e2a-order-1 took order \(first.firstLine) already"), "\(reused)")
        if store.hasPrefix("mirror:") {
            let verify = try await cli.run(["migrate", "verify"])
            #expect(verify.output.contains("clean; both backends hold the same 2 order(s)"), "\(verify)")
        }
    }

    @Test("two processes sending one request at once take one order, and print it both")
    func requestRacing() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "sqlite:orders.sqlite"])
        let arguments = ["create", "--request-id", "race-1", "--customer", "Ada", "latte"]
        async let one = cli.run(arguments)
        async let other = cli.run(arguments)
        let (first, second) = try await (one, other)
        #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
        #expect(first.output == second.output)
        #expect(try await cli.run(["list"]).output.split(separator: "\n").count == 1)
    }

    @Test("expire --once cancels what is due and says so; expire keeps running until SIGTERM")
    func expire() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "sqlite:orders.sqlite"])
        let ada = try await cli.run(["create", "--customer", "Ada", "latte"], environment: Self.at(minutes: 0))
        let grace = try await cli.run(["create", "--customer", "Grace", "mocha"], environment: Self.at(minutes: 30))
        let once = try await cli.run(["expire", "--once"], environment: Self.at(minutes: 61))
        #expect(once.status == 0, "\(once)")
        #expect(once.output.hasPrefix("cancelled order \(ada.firstLine) (Ada): left open until "), "\(once)")
        #expect(once.output.hasSuffix("expire: ran 1 due expiry in SQLite database orders.sqlite\n"), "\(once)")

        let running = try ExpireProcess(cli, environment: Self.at(minutes: 91))
        try await running.waitForLine(containing: "cancelled order \(grace.firstLine) (Grace)")
        #expect(try await running.stop() == 0, "\(running.printed)")
        #expect(running.printed.first?.hasPrefix("expire: cancelling the orders left open") == true)
        #expect(running.printed.last == "expire: stopped", "\(running.printed)")
        let list = try await cli.run(["list", "--cancelled"], environment: Self.at(minutes: 91)).output
        #expect(list.split(separator: "\n").count == 2 && list.contains("(left open)"), "\(list)")
    }

    @Test("an order expires on a mirror like any change: both backends end the same")
    func expiryOnMirror() async throws {
        let cli = CoffeeShopCLI(
            folder: try BuiltProduct.temporaryFolder(), environment: ["COFFEESHOP_STORE": "mirror:json:old,json:new"])
        let ada = try await cli.run(["create", "--customer", "Ada", "latte"], environment: Self.at(minutes: 0))
        _ = try await cli.run(["cancel", ada.firstLine], environment: Self.at(minutes: 1))
        let grace = try await cli.run(["create", "--customer", "Grace", "mocha"], environment: Self.at(minutes: 2))
        // `list` cancels it on its way (on the primary; a list copies nothing), `sync` copies it.
        let list = try await cli.run(["list"], environment: Self.at(minutes: 70))
        #expect(list.output.contains("\(grace.firstLine)  cancelled  Grace: 1 × mocha (left open)"), "\(list)")
        let sync = try await cli.run(["sync"], environment: Self.at(minutes: 70))
        #expect(sync.output.contains("copied"), "\(sync)")
        let verify = try await cli.run(["migrate", "verify"], environment: Self.at(minutes: 70))
        #expect(verify.output.contains("clean; both backends hold the same 2 order(s)"), "\(verify)")
        let onNew = try await cli.run(["list", "--store", "json:new"], environment: Self.at(minutes: 70)).output
        #expect(onNew.contains("\(grace.firstLine)  cancelled  Grace: 1 × mocha (left open)"), "\(onNew)")
    }
}
