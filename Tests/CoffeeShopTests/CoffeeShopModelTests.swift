import Foundation
import Testing

/// The shop driven through generated sequences of orders taken (some with a request identifier,
/// some sent again), served, cancelled, deleted, the clock moving and the scheduler running, on a
/// real SQLite file, against a model of what the person at the counter expects: which orders
/// exist, their status, what each request took, and one expiry waiting per open order.
///
/// `COFFEESHOP_MODEL_SEQUENCES=5000` runs that many sequences (a soak run);
/// `COFFEESHOP_MODEL_SEED` starts from another seed. A failure prints its seed and the sequence
/// shrunk to the steps that still fail.
@Suite("Coffee shop against a model", .timeLimit(.minutes(5)))
struct CoffeeShopModelTests {
    static let environment = ProcessInfo.processInfo.environment
    static let sequences = environment["COFFEESHOP_MODEL_SEQUENCES"].flatMap(Int.init) ?? 40
    static let firstSeed = environment["COFFEESHOP_MODEL_SEED"].flatMap(UInt64.init) ?? 2_028_000
    static let stepsPerSequence = 30

    @Test("orders, expiries and requests agree with the model")
    func sequences() async throws {
        for offset in 0..<UInt64(Self.sequences) {
            let seed = Self.firstSeed &+ offset
            let steps = ShopStep.sequence(seed: seed, count: Self.stepsPerSequence)
            guard let violation = try await ShopModelRun.run(steps) else { continue }
            let shrunk = try await ShopModelRun.shrink(steps)
            let again = try await ShopModelRun.run(shrunk)
            Issue.record(
                """
                seed \(seed): \(violation)
                shrunk to \(shrunk.count) steps (\(again ?? "passes now")):
                \(shrunk.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                """)
            return
        }
    }

    @Test("a request sent again after its order was served, deleted, and after a day")
    func requestAcrossItsLife() async throws {
        let steps: [ShopStep] = [
            .create(customer: 0, items: 1, request: 0), .serve(order: 0), .create(customer: 0, items: 1, request: 0),
            .delete(order: 0), .restart, .create(customer: 0, items: 1, request: 0),
            .create(customer: 1, items: 1, request: 0), .advance(minutes: 1_500),
            .create(customer: 1, items: 1, request: 0), .runDue,
        ]
        let violation = try await ShopModelRun.run(steps)
        #expect(violation == nil, "\(violation ?? "")")
    }

    @Test("an order past its time is served before the scheduler runs: it stays served")
    func servedJustInTime() async throws {
        let steps: [ShopStep] = [
            .create(customer: 0, items: 2, request: nil), .advance(minutes: 61), .serve(order: 0), .runDue,
            .create(customer: 1, items: 0, request: nil), .advance(minutes: 61), .restart, .runDue,
            .serve(order: 1),
        ]
        let violation = try await ShopModelRun.run(steps)
        #expect(violation == nil, "\(violation ?? "")")
    }
}
