import Foundation
public import Harbor
import HarborTesting

/// A model-based test of idempotent and scheduled runs: random sequences of what services do
/// (runs under repeated keys, two processes racing on one key, time passing, runs scheduled,
/// cancelled and run when due by either of two processes), driven on a real store and checked
/// after every step against a model of what the user expects. Seeded and shrinking.
public enum ServiceModel {
    /// One thing that happens.
    public enum Step: Sendable, Equatable, CustomStringConvertible {
        /// A run of the idempotent `Charge` under `key`, by process `process`.
        case charge(key: Int, process: Int)
        /// Both processes run `Charge` under `key` at the same time.
        case race(key: Int)
        /// Time passes.
        case advance(seconds: Int)
        /// A `Record` run tagged `tag` is scheduled `seconds` ahead.
        case schedule(tag: Int, seconds: Int)
        /// The schedule of `tag` is cancelled.
        case cancel(tag: Int)
        /// Process `process` runs what is due.
        case runDue(process: Int)

        public var description: String {
            switch self {
            case .charge(let key, let process): "charge k\(key) in process \(process)"
            case .race(let key): "both processes charge k\(key) at once"
            case .advance(let seconds): "advance \(seconds) s"
            case .schedule(let tag, let seconds): "schedule r\(tag) \(seconds) s ahead"
            case .cancel(let tag): "cancel r\(tag)"
            case .runDue(let process): "process \(process) runs what is due"
            }
        }
    }

    /// How long a result answers for its key, in the model and in the runs.
    static let keepFor = 600

    /// A charge; its identifier is new at every run, so a second run of a key would be seen.
    struct Payment: Aggregate {
        static let collection = "model-payments"
        let id: String
    }

    /// That the scheduled run tagged `tag` ran.
    struct Ran: Aggregate {
        static let collection = "model-ran"
        let id: String
        let tag: Int
    }

    struct Services: Sendable {
        let persistence: Persistence
    }

    /// Charges once per key.
    struct Charge: IdempotentUseCase {
        let key: Int

        var idempotencyKey: String { "k\(key)" }

        func execute(in context: RunContext<Services>) async throws -> String {
            try await context.persistence.perform { unitOfWork in
                let payment = Payment(id: UUID().uuidString)
                try unitOfWork.repository(Payment.self).add(payment)
                return payment.id
            }
        }
    }

    /// Records that it ran.
    struct Record: UseCase, Codable {
        let tag: Int

        func execute(in context: RunContext<Services>) async throws {
            try await context.persistence.perform { unitOfWork in
                try unitOfWork.repository(Ran.self).add(Ran(id: UUID().uuidString, tag: tag))
            }
        }
    }

    /// What the user expects.
    struct Expectation {
        /// Each key's result and when it expires, in seconds since the start.
        var results: [Int: (payment: String, expiresAt: Int)] = [:]
        var payments = 0
        /// Scheduled runs not yet run or cancelled: tag, schedule id, due second.
        var pending: [Int: (id: String, dueAt: Int)] = [:]
        var ran: [Int] = []
        var now = 0
    }

    /// `count` random steps drawn from `generator`.
    public static func steps(_ count: Int, using generator: inout some RandomNumberGenerator) -> [Step] {
        (0..<count).map { _ in
            let process = Int.random(in: 0...1, using: &generator)
            return switch Int.random(in: 0..<10, using: &generator) {
            case 0, 1, 2: .charge(key: Int.random(in: 0..<4, using: &generator), process: process)
            case 3: .race(key: Int.random(in: 0..<4, using: &generator))
            case 4: .advance(seconds: [1, 30, 299, 600, 601].randomElement(using: &generator) ?? 1)
            case 5, 6:
                .schedule(
                    tag: Int.random(in: 0..<8, using: &generator), seconds: Int.random(in: 0...900, using: &generator))
            case 7: .cancel(tag: Int.random(in: 0..<8, using: &generator))
            default: .runDue(process: process)
            }
        }
    }

    /// Runs `steps` on a fresh store from `makeStore`; the first step where the store and the
    /// model disagree, described, or nil when they never do.
    public static func run(_ steps: [Step], on makeStore: () throws -> any Store) async throws -> String? {
        let store = try makeStore()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let seconds = Collected<Int>()
        let processes = (0..<2).map { _ in
            let persistence = Persistence(
                store: store, now: { start.addingTimeInterval(Double(seconds.values.last ?? 0)) },
                errorHandler: { _ in })
            let app = UseCaseRunner(
                services: Services(persistence: persistence),
                middleware: [
                    RetryMiddleware(maxAttempts: 5),
                    IdempotencyMiddleware(persistence: persistence, keepFor: .seconds(keepFor)),
                ])
            return (
                app, Scheduler(runner: app, persistence: persistence, errorHandler: { _, _ in }).register(Record.self)
            )
        }
        var model = Expectation()
        for (index, step) in steps.enumerated() {
            if let disagreement = try await apply(step, model: &model, processes: processes, seconds: seconds) {
                return "step \(index + 1) (\(step)): \(disagreement)"
            }
            let persistence = processes[0].0.services.persistence
            let payments = try await persistence.repository(Payment.self).count(Query<Payment>())
            if payments != model.payments {
                return "after step \(index + 1) (\(step)): \(payments) payments, expected \(model.payments)"
            }
            let ran = try await persistence.repository(Ran.self).all().map(\.tag).sorted()
            if ran != model.ran.sorted() {
                return "after step \(index + 1) (\(step)): ran \(ran), expected \(model.ran.sorted())"
            }
        }
        return nil
    }

    private static func apply(
        _ step: Step, model: inout Expectation,
        processes: [(UseCaseRunner<Services>, Scheduler<Services>)], seconds: Collected<Int>
    ) async throws -> String? {
        switch step {
        case .charge(let key, let process):
            let payment = try await processes[process].0.run(Charge(key: key))
            return expectCharge(key, answers: [payment], model: &model)
        case .race(let key):
            async let first = processes[0].0.run(Charge(key: key))
            async let second = processes[1].0.run(Charge(key: key))
            return expectCharge(key, answers: try await [first, second], model: &model)
        case .advance(let by):
            model.now += by
            seconds.append(model.now)
        case .schedule(let tag, let ahead):
            guard model.pending[tag] == nil else { return nil }  // one schedule per tag at a time
            let id = try await processes[0].0.services.persistence.perform { unitOfWork in
                try unitOfWork.schedule(Record(tag: tag), after: .seconds(ahead))
            }
            model.pending[tag] = (id, model.now + ahead)
        case .cancel(let tag):
            guard let pending = model.pending[tag] else { return nil }
            let cancelled = try await processes[0].0.services.persistence.perform { unitOfWork in
                try await unitOfWork.cancelScheduled(pending.id)
            }
            model.pending[tag] = nil
            if !cancelled { return "cancelling a pending run found nothing" }
        case .runDue(let process):
            let due = model.pending.filter { $0.value.dueAt <= model.now }.map(\.key)
            let ran = await processes[process].1.runDue()
            for tag in due { model.pending[tag] = nil }
            model.ran += due
            if ran != due.count { return "ran \(ran), expected \(due.count) due" }
        }
        return nil
    }

    /// Checks the answers of runs of `Charge` under `key` against the model, and updates it.
    private static func expectCharge(_ key: Int, answers: [String], model: inout Expectation) -> String? {
        if Set(answers).count != 1 { return "the runs answered \(answers), expected one payment" }
        if let kept = model.results[key], kept.expiresAt > model.now {
            return answers[0] == kept.payment ? nil : "answered \(answers[0]), expected the kept \(kept.payment)"
        }
        if answers[0] == model.results[key]?.payment { return "answered the expired \(answers[0]) again" }
        model.results[key] = (answers[0], model.now + keepFor)
        model.payments += 1
        return nil
    }

    /// The shortest sequence found by dropping chunks of `steps` that still fails.
    public static func shrink(_ steps: [Step], on makeStore: () throws -> any Store) async throws -> [Step] {
        try await Shrinker<Step>().shrink(steps) { try await run($0, on: makeStore) != nil }
    }
}
