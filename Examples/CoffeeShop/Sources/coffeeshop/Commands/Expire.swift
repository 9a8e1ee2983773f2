import ArgumentParser
import CoffeeShop
import Foundation
import Harbor
import Logging
import ServiceLifecycle

/// `coffeeshop expire`: cancels the orders left open as their time comes, until stopped.
struct Expire: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Cancel the orders left open as their time comes, until Ctrl-C or SIGTERM (a command).",
        discussion: """
            Every command cancels the orders whose time has come on its way, so `list` never \
            shows an order open past its time; this one stays running, so they are cancelled on \
            time (within a second) while no other command runs. It prints a line for each. \
            Several may run on one store, on one machine or several: each expiry runs once. \
            Stopped in the middle of one, it is run again later by the next one, which finds \
            the order cancelled and does nothing more.

            Examples:
              coffeeshop expire --store sqlite:orders.sqlite
              coffeeshop expire --once                     # those due now, then exit (cron)
            """)

    @OptionGroup var options: GlobalOptions
    @Flag(help: "Run the expiries that are due now, then exit.") var once = false

    func run() async throws {
        let now = try options.clock()
        let opened = try options.opening(creatingStore: true).open(try options.location())
        let shop = ShopApplication(opened: opened, now: now, cancelOpenAfter: nil, middleware: [ExpiryReport()])
        try await opened.whileRunning {
            if once {
                let count = await shop.scheduler.runDue()
                say("expire: ran \(count) due expir\(count == 1 ? "y" : "ies") in \(opened.description)")
                return
            }
            say("expire: cancelling the orders left open in \(opened.description) as their time comes; Ctrl-C stops")
            var logger = Logger(label: "coffeeshop") { StreamLogHandler.standardError(label: $0) }
            logger.logLevel = .warning
            let group = ServiceGroup(
                configuration: ServiceGroupConfiguration(
                    services: [SchedulerService(scheduler: shop.scheduler)],
                    gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
            try await group.run()
            say("expire: stopped")
        }
    }

    /// Writes `line` to standard output at once: a long-running command's lines reach a log as they happen.
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

extension Expire {
    /// The scheduler as a service of a `ServiceGroup`: it runs until the group shuts down
    /// gracefully (SIGTERM, SIGINT), and an expiry running then is cancelled; its claim lapses, and
    /// it runs again later.
    struct SchedulerService: Service {
        let scheduler: Scheduler<CoffeeShopServices>

        func run() async throws {
            await cancelWhenGracefulShutdown { await scheduler.run() }
        }
    }
}
