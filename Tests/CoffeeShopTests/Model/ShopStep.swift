import HarborTesting

/// One thing that happens at the counter, or to the clock, in a generated sequence.
///
/// An order is named by its place among the orders created so far (modulo their count), so a
/// sequence with steps taken out still means something: the shrinker relies on it.
enum ShopStep: Equatable, Sendable, CustomStringConvertible {
    /// `create`, with a request identifier from a small pool (so that some are sent again) or none.
    case create(customer: Int, items: Int, request: Int?)
    case add(order: Int)
    case serve(order: Int)
    case cancel(order: Int)
    case delete(order: Int)
    case advance(minutes: Int)
    /// The scheduler runs what is due (what every command does on its way, and `expire`).
    case runDue
    /// A new process over the same SQLite file.
    case restart

    var description: String {
        switch self {
        case .create(let customer, let items, let request):
            "create customer \(customer) with \(items) item(s)" + (request.map { ", request req-\($0)" } ?? "")
        case .add(let order): "add an item to order #\(order)"
        case .serve(let order): "serve order #\(order)"
        case .cancel(let order): "cancel order #\(order)"
        case .delete(let order): "delete order #\(order)"
        case .advance(let minutes): "advance the clock \(minutes) min"
        case .runDue: "run what is due"
        case .restart: "restart"
        }
    }

    /// `count` steps drawn from `seed`.
    static func sequence(seed: UInt64, count: Int) -> [ShopStep] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in draw(using: &generator) }
    }

    private static func draw(using generator: inout SeededGenerator) -> ShopStep {
        let order = Int.random(in: 0..<8, using: &generator)
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<30:
            let request = Bool.random(using: &generator) ? Int.random(in: 0..<3, using: &generator) : nil
            return .create(
                customer: Int.random(in: 0..<3, using: &generator), items: Int.random(in: 0...3, using: &generator),
                request: request)
        case 30..<38: return .add(order: order)
        case 38..<50: return .serve(order: order)
        case 50..<57: return .cancel(order: order)
        case 57..<61: return .delete(order: order)
        case 61..<78:
            return .advance(minutes: [5, 20, 45, 59, 61, 200, 1_500].randomElement(using: &generator) ?? 5)
        case 78..<94: return .runDue
        default: return .restart
        }
    }
}
