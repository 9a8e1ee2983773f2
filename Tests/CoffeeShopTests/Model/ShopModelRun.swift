import CoffeeShop
import Foundation
import Harbor
import HarborSQLite
import HarborTesting

/// Runs a sequence of ``ShopStep``s against the shop on a real SQLite file and against
/// ``ShopModel``, and says where they first disagree.
enum ShopModelRun {
    /// Runs `steps` from a new SQLite file; nil when the shop did what the model expects throughout.
    static func run(_ steps: [ShopStep]) async throws -> String? {
        let folder = try TemporaryFolder(prefix: "coffeeshop-model")
        defer { try? folder.remove() }
        let path = folder.file("shop.sqlite")
        let clock = TestClock()
        let identifiers = ShopProcess.Identifiers()
        var shop = ShopProcess(store: try SQLiteStore(path: path), clock: clock, identifiers: identifiers)
        var model = ShopModel(now: clock.date)
        for (index, step) in steps.enumerated() {
            let place = "step \(index + 1) (\(step))"
            switch step {
            case .create(let customer, let items, let request):
                let order = ShopModel.order(customer: customer, items: items)
                let expected = model.expectedAnswer(request: request, order: order)
                let (outcome, id) = await create(order, request: request, on: shop)
                if let expected {
                    let got = id.map { ShopModel.Outcome.answered($0) } ?? outcome
                    if got != expected { return "\(place): expected \(expected), got \(got)" }
                } else {
                    guard let id, outcome == .done else { return "\(place): expected a new order, got \(outcome)" }
                    if model.created.contains(id) {
                        return "\(place): a new order took the identifier \(id) of an earlier one"
                    }
                    model.created(id, order: order, request: request)
                }
            case .add(let index), .serve(let index), .cancel(let index), .delete(let index):
                guard let id = model.pick(index) else { continue }
                let expected: ShopModel.Outcome
                let outcome: ShopModel.Outcome
                switch step {
                case .add:
                    expected = model.add(id)
                    outcome = await outcomeOf { try await shop.app.run(AddItem(orderID: id, item: "muffin")) }
                case .serve:
                    expected = model.serve(id)
                    outcome = await outcomeOf { try await shop.app.run(ServeOrder(orderID: id)) }
                case .cancel:
                    expected = model.cancel(id)
                    outcome = await outcomeOf { try await shop.app.run(CancelOrder(orderID: id)) }
                default:
                    expected = model.delete(id)
                    outcome = await outcomeOf { try await shop.app.run(DeleteOrders(orderIDs: [id])) }
                }
                if outcome != expected { return "\(place) on \(id): expected \(expected), got \(outcome)" }
            case .advance(let minutes):
                clock.advance(by: .seconds(minutes * 60))
                model.now = clock.date
            case .runDue:
                let expected = model.expire()
                let ran = await shop.scheduler.runDue()
                if ran != expected { return "\(place): expected \(expected) expiry(ies) to run, \(ran) ran" }
            case .restart:
                shop = ShopProcess(store: try SQLiteStore(path: path), clock: clock, identifiers: identifiers)
            }
            if let difference = try await compare(shop, with: model) { return "after \(place): \(difference)" }
        }
        return nil
    }

    /// Creates the order, with a request identifier or without; returns how it ended and the order.
    private static func create(
        _ order: CreateOrder, request: Int?, on shop: ShopProcess
    ) async -> (ShopModel.Outcome, String?) {
        guard let request else {
            do {
                return (.done, try await shop.app.run(order))
            } catch {
                return (outcome(of: error), nil)
            }
        }
        let once = CreateOrderOnce(requestID: ShopModel.requestID(request), order: order)
        do {
            // A new order and an answer look alike here: the model knows which to expect.
            return (.done, try await shop.app.run(once).orderID(for: once))
        } catch {
            return (outcome(of: error), nil)
        }
    }

    private static func outcomeOf(_ body: () async throws -> Void) async -> ShopModel.Outcome {
        do {
            try await body()
            return .done
        } catch {
            return outcome(of: error)
        }
    }

    private static func outcome(of error: any Error) -> ShopModel.Outcome {
        switch error as? OrderError {
        case .notFound?: .notFound
        case .cancelled?, .leftOpen?, .served?: .notOpen
        case .nothingToServe?: .nothingToServe
        case .requestReused?: .requestReused
        case .tooMany?: .tooMany
        default: .answered("error: \(error)")
        }
    }

    /// The first difference between what the store holds and what the model expects, or nil.
    private static func compare(_ shop: ShopProcess, with model: ShopModel) async throws -> String? {
        var kept: [String: ShopModel.ExpectedOrder] = [:]
        for summary in try await shop.list() {
            guard let order = try await shop.order(summary.id) else { return "\(summary.id) listed but not found" }
            kept[summary.id] = ShopModel.ExpectedOrder(
                status: order.status, lines: order.items.count, leftOpen: order.wasLeftOpen,
                cancelsAt: order.cancelsAt,
                muffins: order.items.first { $0.name == "muffin" }?.quantity ?? 0)
        }
        if kept != model.orders {
            let ids = Set(kept.keys).union(model.orders.keys).sorted()
            let lines = ids.filter { kept[$0] != model.orders[$0] }.map { id in
                "  \(id): expected \(model.orders[id].map { "\($0)" } ?? "none"), kept \(kept[id].map { "\($0)" } ?? "none")"
            }
            return "the orders differ:\n" + lines.joined(separator: "\n")
        }
        let waiting = try await shop.scheduledCount()
        if waiting != model.waitingExpiries {
            return "\(waiting) expiries wait in the store; \(model.waitingExpiries) open order(s) wait to expire"
        }
        if let error = shop.schedulerErrors.all.first { return "the scheduler reported \(error)" }
        return nil
    }

    /// The shortest sequence found, taking out steps in chunks, that still fails.
    static func shrink(_ steps: [ShopStep]) async throws -> [ShopStep] {
        let shrunk = try await Shrinker<ShopStep>().shrink(steps) { try await run($0) != nil }
        return shrunk
    }
}
