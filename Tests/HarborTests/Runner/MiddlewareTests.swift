import Harbor
import HarborTestSupport
import HarborTesting
import Logging
import Synchronization
import Testing

/// Records the order middleware layers are entered and left.
struct Tracing: UseCaseMiddleware {
    let name: String
    let trace: Collected<String>

    func handle<U: UseCase>(
        _ useCase: U, context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        trace.append("\(name) in")
        defer { trace.append("\(name) out") }
        return try await next(useCase, context)
    }
}

@Suite("Middleware")
struct MiddlewareTests {
    @Test("middleware wraps every run, the first one outermost")
    func order() async throws {
        let trace = Collected<String>()
        let app = RunnerServices.application(middleware: [
            Tracing(name: "outer", trace: trace), Tracing(name: "inner", trace: trace),
        ])
        _ = try await app.run(Append(number: 1))
        #expect(trace.values == ["outer in", "inner in", "inner out", "outer out"])
    }

    @Test("retry runs again only for retryable errors, up to the limit")
    func retry() async throws {
        // A new application for each case, so each counts its own attempts.
        func application() -> UseCaseRunner<RunnerServices> {
            RunnerServices.application(middleware: [
                RetryMiddleware(backoff: Backoff(maxAttempts: 3, initialDelay: .zero))
            ])
        }
        let retried = application()
        let result = try await retried.run(FailsAtFirst(failures: 2, error: Flaky(isRetryable: true)))
        #expect(result == 3)
        #expect(retried.services.attempts.values.count == 3)

        let notRetried = application()
        await #expect(throws: Flaky(isRetryable: false)) {
            try await notRetried.run(FailsAtFirst(failures: 5, error: Flaky(isRetryable: false)))
        }
        #expect(notRetried.services.attempts.values.count == 1)

        let exhausted = application()
        await #expect(throws: Flaky(isRetryable: true)) {
            try await exhausted.run(FailsAtFirst(failures: 5, error: Flaky(isRetryable: true)))
        }
        #expect(exhausted.services.attempts.values.count == 3)
    }

    @Test("retries do not multiply through nested runs: the outer run is tried, at most maxAttempts in all")
    func nestedRetries() async throws {
        func application(retriesNestedRuns: Bool = false) -> UseCaseRunner<RunnerServices> {
            var retry = RetryMiddleware(backoff: Backoff(maxAttempts: 3, initialDelay: .zero))
            retry.retriesNestedRuns = retriesNestedRuns
            return RunnerServices.application(middleware: [retry])
        }
        for depth in 0...2 {
            let app = application()
            await #expect(throws: Flaky(isRetryable: true)) {
                try await app.run(NestedFailing(depth: depth, failures: 100))
            }
            #expect(app.services.attempts.values.count == 3, "nested \(depth + 1) deep")
            #expect(app.services.executions.values.filter { $0 == depth }.count == 3)
        }
        // The outer run retried once: the nested one ran twice, and its success is the result.
        let recovers = application()
        #expect(try await recovers.run(NestedFailing(depth: 1, failures: 1)) == 2)

        // Asked to, every level retries, and the attempts multiply: 3 × 3 with one level of nesting.
        let multiplying = application(retriesNestedRuns: true)
        await #expect(throws: Flaky(isRetryable: true)) {
            try await multiplying.run(NestedFailing(depth: 0, failures: 100))
        }
        #expect(multiplying.services.attempts.values.count == 9)
    }

    @Test("a run submitted from inside a retried run is retried on its own")
    func submittedRunsAreRetried() async throws {
        let app = RunnerServices.application(middleware: [
            RetryMiddleware(backoff: Backoff(maxAttempts: 3, initialDelay: .zero))
        ])
        #expect(try await app.run(SubmitsFailing()) == 3)
        #expect(app.services.attempts.values.count == 3)
    }

    @Test("a timeout cancels the use case and fails the run with UseCaseTimeout")
    func timeout() async throws {
        let clock = TestClock()
        let app = RunnerServices.application(middleware: [TimeoutMiddleware(after: .seconds(5), clock: clock)])
        let run = Task { try await app.run(LongRunning()) }
        // Once the use case runs, the timer is asleep on the clock; time moves past the limit.
        await app.services.started.wait()
        try await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        await #expect(throws: UseCaseTimeout.self) { try await run.value }
        // A fast use case is not affected.
        #expect(try await app.run(Append(number: 5)) == 5)
    }

    @Test("logging middleware logs start and finish with use case metadata, failures as errors")
    func logging() async throws {
        let lines = Collected<(Logger.Level, String, Logger.Metadata)>()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let app = RunnerServices.application(middleware: [LoggingMiddleware(logger: logger, level: .info)])
        _ = try await app.run(Append(number: 1))
        await #expect(throws: Flaky.self) {
            try await app.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: false)))
        }
        let messages = lines.values.map(\.1)
        #expect(messages.prefix(2) == ["started", "finished"])
        #expect(lines.values.first?.2["usecase"] == "Append")
        #expect(lines.values.last?.0 == .error)
        #expect(messages.last?.hasPrefix("failed") == true)
    }

    @Test("metrics middleware passes results and errors through")
    func metrics() async throws {
        let app = RunnerServices.application(middleware: [MetricsMiddleware()])
        #expect(try await app.run(Append(number: 9)) == 9)
        await #expect(throws: Flaky.self) {
            try await app.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: false)))
        }
    }
}
