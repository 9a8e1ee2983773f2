import CoffeeShop
import Foundation

/// What the person at the counter expects of the shop after each step: which orders exist, their
/// status and lines, and what each request took — written as plainly as possible, apart from the
/// application.
struct ShopModel {
    /// An order as expected.
    struct ExpectedOrder: Equatable, CustomStringConvertible {
        var status: OrderStatus
        var lines: Int
        var leftOpen = false
        /// When it is cancelled if still open then.
        var cancelsAt: Date?
        /// How many muffins `add` put on it.
        var muffins = 0

        var description: String {
            "\(status)\(leftOpen ? " (left open)" : ""), \(lines) line(s)"
                + (cancelsAt.map { ", cancels at \($0.formatted(.iso8601))" } ?? "")
        }
    }

    /// What a request took, until its answer expires.
    struct Request {
        var orderID: String
        var order: CreateOrder
        var expiresAt: Date
    }

    /// How a step ends, as the person at the counter tells it.
    enum Outcome: Equatable, CustomStringConvertible {
        case done, notFound, notOpen, nothingToServe, requestReused, tooMany
        case answered(String)

        var description: String {
            switch self {
            case .answered(let id): "answered with \(id)"
            default: "\(self)"
            }
        }
    }

    static let openLimit: TimeInterval = 3_600
    static let requestsKeptFor: TimeInterval = 24 * 3_600

    var now: Date
    var orders: [String: ExpectedOrder] = [:]
    /// Every identifier created, in order: steps name orders by their place here.
    var created: [String] = []
    var requests: [Int: Request] = [:]

    /// The order a step names, or nil before any was created.
    func pick(_ index: Int) -> String? {
        created.isEmpty ? nil : created[index % created.count]
    }

    /// The order `create` describes.
    static func order(customer: Int, items: Int) -> CreateOrder {
        CreateOrder(customer: "Customer \(customer)", items: Array(["latte", "cake", "tea"].prefix(items)))
    }

    /// The identifier of request `request`.
    static func requestID(_ request: Int) -> String { "req-\(request)" }

    /// What a create with `request` is expected to do: answer the order it took while its answer
    /// is kept, refuse other contents then, or (nil) take a new order.
    func expectedAnswer(request: Int?, order: CreateOrder) -> Outcome? {
        guard let request, let kept = requests[request], kept.expiresAt > now else { return nil }
        return kept.order == order ? .answered(kept.orderID) : .requestReused
    }

    /// Records a new order `id`, taken for `request` if any.
    mutating func created(_ id: String, order: CreateOrder, request: Int?) {
        orders[id] = ExpectedOrder(
            status: .open, lines: order.items.count, cancelsAt: now.addingTimeInterval(Self.openLimit))
        created.append(id)
        if let request {
            requests[request] = Request(
                orderID: id, order: order, expiresAt: now.addingTimeInterval(Self.requestsKeptFor))
        }
    }

    mutating func add(_ id: String) -> Outcome {
        guard var order = orders[id] else { return .notFound }
        guard order.status == .open else { return .notOpen }
        guard order.muffins < Order.quantityLimit else { return .tooMany }
        if order.muffins == 0 { order.lines += 1 }
        order.muffins += 1
        orders[id] = order
        return .done
    }

    mutating func serve(_ id: String) -> Outcome {
        guard var order = orders[id] else { return .notFound }
        guard order.status == .open else { return .notOpen }
        guard order.lines > 0 else { return .nothingToServe }
        order.status = .served
        order.cancelsAt = nil
        orders[id] = order
        return .done
    }

    mutating func cancel(_ id: String) -> Outcome {
        guard var order = orders[id] else { return .notFound }
        guard order.status == .open else { return .notOpen }
        order.status = .cancelled
        order.cancelsAt = nil
        orders[id] = order
        return .done
    }

    mutating func delete(_ id: String) -> Outcome {
        guard orders.removeValue(forKey: id) != nil else { return .notFound }
        return .done
    }

    /// Cancels the open orders whose time has come; returns how many.
    mutating func expire() -> Int {
        var count = 0
        for (id, order) in orders where order.status == .open {
            guard let cancelsAt = order.cancelsAt, cancelsAt <= now else { continue }
            orders[id]?.status = .cancelled
            orders[id]?.leftOpen = true
            count += 1
        }
        return count
    }

    /// How many expiries should wait in the store: one per open order.
    var waitingExpiries: Int {
        orders.values.filter { $0.status == .open && $0.cancelsAt != nil }.count
    }
}
