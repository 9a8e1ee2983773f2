import Foundation
import Harbor
import Synchronization

/// The use-case runner against an `OperationQueue`, the event bus against `NotificationCenter`,
/// and one in-memory unit of work.
enum RunnerBenchmark {
    struct Increment: UseCase {
        let counter: Counter
        func execute(in context: RunContext) async throws -> Int { counter.increment() }
    }

    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        @discardableResult
        func increment() -> Int { value.add(1, ordering: .relaxed).newValue }
    }

    struct Tick: DomainEvent {
        let value: Int
    }

    struct Account: Aggregate {
        static let collection = "accounts"
        let id: String
        var balance: Int
        var owner: String
    }

    static func run() async throws {
        try await runner()
        try await events()
        try await unitOfWork()
    }

    /// Serial runner vs `OperationQueue(maxConcurrentOperationCount: 1)` awaited with a continuation.
    static func runner() async throws {
        let operations = 20_000
        let counter = Counter()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let runner = UseCaseRunner()
        let (baseline, candidate) = try await Measure.compare(
            rounds: 9,
            baseline: {
                await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        let value = await withCheckedContinuation { continuation in
                            queue.addOperation { continuation.resume(returning: counter.increment()) }
                        }
                        blackHole(value)
                    }
                }
            },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        blackHole(try await runner.run(Increment(counter: counter)))
                    }
                }
            })
        Measure.report("operation_queue_ns", baseline, digits: 1)
        Measure.report("runner_serial_ns", candidate, digits: 1)
        Measure.report("runner_vs_operation_queue", candidate / baseline)

        // Submitted runs (a task each, as a UI would fire and forget) for reference.
        let submitted = try await Measure.compare(
            rounds: 5, baseline: { 0 },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    let handles = (0..<operations).map { _ in runner.submit(Increment(counter: counter)) }
                    for handle in handles { blackHole(try await handle.value) }
                }
            })
        Measure.report("runner_submit_ns", submitted.candidate, digits: 1)
    }

    /// One event to 10 typed subscribers vs `NotificationCenter.post` with `userInfo` to 10 block observers.
    static func events() async throws {
        let operations = 200_000
        let subscribers = 10
        let counter = Counter()
        let center = NotificationCenter()
        let name = Notification.Name("tick")
        let observers = (0..<subscribers).map { _ in
            center.addObserver(forName: name, object: nil, queue: nil) { notification in
                if let value = notification.userInfo?["value"] as? Int, value >= 0 { counter.increment() }
            }
        }
        let bus = EventBus()
        let subscriptions = (0..<subscribers).map { _ in
            bus.subscribe(to: Tick.self) { tick in if tick.value >= 0 { counter.increment() } }
        }
        let (baseline, candidate) = await Measure.compare(
            rounds: 9,
            baseline: {
                await Measure.nanoseconds(operations: operations) {
                    for value in 0..<operations { center.post(name: name, object: nil, userInfo: ["value": value]) }
                }
            },
            candidate: {
                await Measure.nanoseconds(operations: operations) {
                    for value in 0..<operations { bus.publish(Tick(value: value)) }
                }
            })
        Measure.report("notification_center_ns", baseline, digits: 1)
        Measure.report("event_bus_ns", candidate, digits: 1)
        Measure.report("events_vs_notification_center", candidate / baseline)
        for observer in observers { center.removeObserver(observer) }
        blackHole(subscriptions)
    }

    /// Reading, changing and committing one aggregate through a unit of work on the in-memory store.
    static func unitOfWork() async throws {
        let operations = 20_000
        let persistence = Persistence(store: InMemoryStore())
        try await persistence.perform { unitOfWork in
            try unitOfWork.repository(Account.self).add(Account(id: "a", balance: 0, owner: "Ada"))
        }
        let (_, candidate) = try await Measure.compare(
            rounds: 7, baseline: { 0 },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations {
                        try await persistence.perform { unitOfWork in
                            let accounts = unitOfWork.repository(Account.self)
                            guard var account = try await accounts.find("a") else { return }
                            account.balance += 1
                            try accounts.update(account)
                        }
                    }
                }
            })
        Measure.report("unit_of_work_in_memory_ns", candidate, digits: 0)
    }
}
