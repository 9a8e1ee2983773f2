import Harbor

/// Appends its number to the log, optionally after a pause, measuring how many run at once.
struct Append: UseCase {
    let number: Int
    var pause: Duration = .zero
    var lane: Lane = .serial

    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        context.gauge.enter()
        defer { context.gauge.leave() }
        if pause > .zero { try await Task.sleep(for: pause) }
        context.log.append(number)
        return number
    }
}

/// Waits until `groupSize` runs are inside at once, then logs its number: runs only when the
/// lane lets that many run together, and measures how many ever did.
struct Gather: UseCase {
    let number: Int
    let groupSize: Int

    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        context.gauge.enter()
        defer { context.gauge.leave() }
        await context.rendezvous.arrive(inGroupsOf: groupSize)
        context.log.append(number)
        return number
    }
}

/// Waits at the services' gate before returning, to hold its lane for as long as a test needs.
struct Block: UseCase {
    func execute(in context: RunContext<RunnerServices>) async throws -> String {
        await context.gate.wait()
        return "unblocked"
    }
}

/// Opens the `started` gate, then works in small steps, checking for cancellation, until
/// cancelled or done.
struct LongRunning: UseCase {
    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        context.started.open()
        for step in 0..<1_000 {
            try await Task.sleep(for: .milliseconds(10))
            context.reportProgress(completed: step, total: 1_000)
        }
        return 1
    }
}

/// Reports three progress steps, then finishes.
struct ReportsProgress: UseCase {
    func execute(in context: RunContext<RunnerServices>) async throws -> String {
        for step in 1...3 {
            context.reportProgress(completed: step, total: 3, message: "step \(step)")
        }
        return "done"
    }
}

/// An error a test can ask to be retryable or not.
struct Flaky: Error, RetryableError, Hashable {
    let isRetryable: Bool
}

/// Fails with `error` for its first `failures` attempts, counting attempts.
struct FailsAtFirst: UseCase {
    let failures: Int
    let error: Flaky

    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        context.attempts.append(1)
        if context.attempts.values.count <= failures { throw error }
        return context.attempts.values.count
    }
}

/// A coalescable use case that records each execution's key.
struct Refresh: CoalescableUseCase {
    let key: Int

    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        context.executions.append(key)
        return key * 10
    }
}

/// Runs `Append` from inside itself, through the context and through the application directly.
struct Nesting: UseCase {
    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        let first = try await context.run(Append(number: 1))
        let second = try await context.application.get().run(Append(number: 2))
        return first + second
    }
}

/// Submits `Append(number: 2)` to its own application, opens `started`, waits at the gate,
/// then appends 1 itself; returns the submitted run's handle.
struct SubmitsAnother: UseCase {
    func execute(in context: RunContext<RunnerServices>) async throws -> RunHandle<Int> {
        let handle = try context.application.get().submit(Append(number: 2))
        context.started.open()
        await context.gate.wait()
        context.log.append(1)
        return handle
    }
}

/// Runs `FailsAtFirst` nested `depth` levels deep, counting each level's attempts in `trace`.
struct NestedFailing: UseCase {
    let depth: Int
    let failures: Int

    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        context.executions.append(depth)
        if depth == 0 {
            return try await context.run(FailsAtFirst(failures: failures, error: Flaky(isRetryable: true)))
        }
        return try await context.run(NestedFailing(depth: depth - 1, failures: failures))
    }
}

/// Submits a `FailsAtFirst` that fails twice and awaits it: a run apart from this one.
struct SubmitsFailing: UseCase {
    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        let failing = FailsAtFirst(failures: 2, error: Flaky(isRetryable: true))
        let handle = try context.services.application.get().submit(failing, on: .concurrent("apart", limit: 1))
        return try await handle.value
    }
}
