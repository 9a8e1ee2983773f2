import Harbor

/// Appends its number to a log, optionally after a pause, measuring how many run at once.
struct Append: UseCase {
    let number: Int
    let log: Collected<Int>
    var gauge: ConcurrencyGauge? = nil
    var pause: Duration = .zero
    var lane: Lane = .serial

    func execute(in context: RunContext) async throws -> Int {
        gauge?.enter()
        defer { gauge?.leave() }
        if pause > .zero { try await Task.sleep(for: pause) }
        log.append(number)
        return number
    }
}

/// Waits at a gate before returning, to hold its lane for as long as a test needs.
struct Block: UseCase {
    let gate: Gate
    func execute(in context: RunContext) async throws -> String {
        await gate.wait()
        return "unblocked"
    }
}

/// Sleeps in small steps, checking for cancellation, until cancelled or done.
struct LongRunning: UseCase {
    let started: Gate
    func execute(in context: RunContext) async throws -> Int {
        started.open()
        for step in 0..<1_000 {
            try await Task.sleep(for: .milliseconds(10))
            context.reportProgress(completed: step, total: 1_000)
        }
        return 1
    }
}

/// Reports three progress steps, then finishes.
struct ReportsProgress: UseCase {
    func execute(in context: RunContext) async throws -> String {
        for step in 1...3 {
            context.reportProgress(completed: step, total: 3, message: "step \(step)")
        }
        return "done"
    }
}

/// An error a test can ask to be retryable or not.
struct Flaky: Error, RetryableError, Equatable {
    let isRetryable: Bool
}

/// Fails with `error` for its first `failures` attempts, counting attempts.
struct FailsAtFirst: UseCase {
    let failures: Int
    let error: Flaky
    let attempts: Collected<Int>
    func execute(in context: RunContext) async throws -> Int {
        attempts.append(1)
        if attempts.values.count <= failures { throw error }
        return attempts.values.count
    }
}

/// A coalescable use case that counts its executions per key.
struct Refresh: CoalescableUseCase {
    let key: Int
    let executions: Collected<Int>

    func execute(in context: RunContext) async throws -> Int {
        executions.append(key)
        return key * 10
    }

    static func == (lhs: Refresh, rhs: Refresh) -> Bool { lhs.key == rhs.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// Runs `Append` from inside itself, through the context and through the runner directly.
struct Nesting: UseCase {
    let runner: UseCaseRunner
    let log: Collected<Int>
    func execute(in context: RunContext) async throws -> Int {
        let first = try await context.run(Append(number: 1, log: log))
        let second = try await runner.run(Append(number: 2, log: log))
        return first + second
    }
}
