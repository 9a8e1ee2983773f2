import Harbor
import Logging
import Synchronization
import Testing

/// Records the order middleware layers are entered and left.
struct Tracing: UseCaseMiddleware {
    let name: String
    let trace: Collected<String>

    func handle<U: UseCase>(
        _ useCase: U, context: RunContext, next: @escaping @Sendable (U, RunContext) async throws -> U.Output
    ) async throws -> U.Output {
        trace.append("\(name) in")
        defer { trace.append("\(name) out") }
        return try await next(useCase, context)
    }
}

/// Keeps log messages with their metadata.
struct CapturingLogHandler: LogHandler {
    let lines: Collected<(Logger.Level, String, Logger.Metadata)>
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append((event.level, event.message.description, metadata.merging(event.metadata ?? [:]) { $1 }))
    }
}

@Suite("Middleware")
struct MiddlewareTests {
    @Test("middleware wraps every run, the first one outermost")
    func order() async throws {
        let trace = Collected<String>()
        let runner = UseCaseRunner(middleware: [
            Tracing(name: "outer", trace: trace), Tracing(name: "inner", trace: trace),
        ])
        _ = try await runner.run(Append(number: 1, log: Collected()))
        #expect(trace.values == ["outer in", "inner in", "inner out", "outer out"])
    }

    @Test("retry runs again only for retryable errors, up to the limit")
    func retry() async throws {
        let runner = UseCaseRunner(middleware: [
            RetryMiddleware(maxAttempts: 3, clock: ContinuousClock()) { _ in .zero }
        ])
        let attempts = Collected<Int>()
        let result = try await runner.run(
            FailsAtFirst(failures: 2, error: Flaky(isRetryable: true), attempts: attempts))
        #expect(result == 3)

        let notRetried = Collected<Int>()
        await #expect(throws: Flaky(isRetryable: false)) {
            try await runner.run(FailsAtFirst(failures: 5, error: Flaky(isRetryable: false), attempts: notRetried))
        }
        #expect(notRetried.values.count == 1)

        let exhausted = Collected<Int>()
        await #expect(throws: Flaky(isRetryable: true)) {
            try await runner.run(FailsAtFirst(failures: 5, error: Flaky(isRetryable: true), attempts: exhausted))
        }
        #expect(exhausted.values.count == 3)
    }

    @Test("a timeout cancels the use case and fails the run with UseCaseTimeout")
    func timeout() async throws {
        let runner = UseCaseRunner(middleware: [TimeoutMiddleware(after: .milliseconds(50))])
        let started = Gate()
        await #expect(throws: UseCaseTimeout.self) { try await runner.run(LongRunning(started: started)) }
        // A fast use case is not affected.
        #expect(try await runner.run(Append(number: 5, log: Collected())) == 5)
    }

    @Test("logging middleware logs start and finish with use case metadata, failures as errors")
    func logging() async throws {
        let lines = Collected<(Logger.Level, String, Logger.Metadata)>()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let runner = UseCaseRunner(middleware: [LoggingMiddleware(logger: logger, level: .info)])
        _ = try await runner.run(Append(number: 1, log: Collected()))
        await #expect(throws: Flaky.self) {
            try await runner.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: false), attempts: Collected()))
        }
        let messages = lines.values.map(\.1)
        #expect(messages.prefix(2) == ["started", "finished"])
        #expect(lines.values.first?.2["usecase"] == "Append")
        #expect(lines.values.last?.0 == .error)
        #expect(messages.last?.hasPrefix("failed") == true)
    }

    @Test("metrics middleware passes results and errors through")
    func metrics() async throws {
        let runner = UseCaseRunner(middleware: [MetricsMiddleware()])
        #expect(try await runner.run(Append(number: 9, log: Collected())) == 9)
        await #expect(throws: Flaky.self) {
            try await runner.run(FailsAtFirst(failures: 1, error: Flaky(isRetryable: false), attempts: Collected()))
        }
    }
}
