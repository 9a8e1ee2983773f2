import Foundation
import Harbor
import Synchronization

/// The use-case runner against an `OperationQueue`, the event bus against `NotificationCenter`,
/// one in-memory unit of work, and an asynchronous event handler against a bare `Task`.
enum RunnerBenchmark {
    /// The benchmark application's services: one counter.
    struct Services: Sendable {
        let counter: Counter
    }

    struct Increment: UseCase {
        func execute(in context: RunContext<Services>) async throws -> Int { context.counter.increment() }
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
        try await asyncHandler()
    }

    /// Serial runner vs `OperationQueue(maxConcurrentOperationCount: 1)` awaited with a continuation.
    static func runner() async throws {
        let operations = 20_000
        let counter = Counter()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let runner = UseCaseRunner(services: Services(counter: counter))
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
                        blackHole(try await runner.run(Increment()))
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
                    let handles = (0..<operations).map { _ in runner.submit(Increment()) }
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

    /// One committed event to one asynchronous handler, awaited, less the unit of work's own
    /// cost (the same commit with no handler), against `Task {}` awaited.
    static func asyncHandler() async throws {
        let operations = 20_000
        let counter = Counter()
        let plain = Persistence(store: InMemoryStore())
        let handled = Persistence(store: InMemoryStore())
        handled.events.handle(Tick.self) { tick in if tick.value >= 0 { counter.increment() } }
        func commit(_ persistence: Persistence, value: Int) async throws {
            try await persistence.perform { unitOfWork in try unitOfWork.record(Tick(value: value)) }
        }
        let (bare, withHandler) = try await Measure.compare(
            rounds: 7,
            baseline: {
                try await Measure.nanoseconds(operations: operations) {
                    for value in 0..<operations { try await commit(plain, value: value) }
                }
            },
            candidate: {
                try await Measure.nanoseconds(operations: operations) {
                    for value in 0..<operations {
                        try await commit(handled, value: value)
                        await handled.events.waitForHandlers()
                    }
                }
            })
        let (task, _) = await Measure.compare(
            rounds: 7,
            baseline: {
                await Measure.nanoseconds(operations: operations) {
                    for _ in 0..<operations { blackHole(await Task { counter.increment() }.value) }
                }
            },
            candidate: { 0 })
        let dispatch = max(0, withHandler - bare)
        // The bus alone, without a unit of work: publish one event to the handler and await it.
        let (published, _) = await Measure.compare(
            rounds: 7,
            baseline: {
                await Measure.nanoseconds(operations: operations) {
                    for value in 0..<operations {
                        handled.events.publish(Tick(value: value))
                        await handled.events.waitForHandlers()
                    }
                }
            },
            candidate: { 0 })
        Measure.report("async_handler_publish_ns", published, digits: 0)
        Measure.report("task_await_ns", task, digits: 0)
        Measure.report("async_handler_dispatch_ns", dispatch, digits: 0)
        Measure.report("async_handler_vs_task", dispatch / task)
    }
}
