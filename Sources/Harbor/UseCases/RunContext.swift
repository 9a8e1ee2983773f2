public import Logging

/// What a running use case can see of its run: who it is, the application's services, how to
/// report progress and how to run other use cases.
///
/// The services' properties read as the context's own (`context.persistence`), through dynamic
/// member lookup; ``services`` gives the whole value. Two services every application has are
/// the context's own, so middleware, which is generic over the services, reaches them without a
/// cast: ``clock`` and ``logger``, given to the runner when it is composed.
///
/// ```swift
/// struct Breather: UseCaseMiddleware {
///     func handle<U: UseCase>(
///         _ useCase: U, context: RunContext<U.Services>,
///         next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
///     ) async throws -> U.Output {
///         context.logger.debug("pausing before the run")
///         try await context.clock.sleep(for: .milliseconds(100))
///         return try await next(useCase, context)
///     }
/// }
/// ```
@dynamicMemberLookup
public struct RunContext<Services: Sendable>: Sendable {
    /// This run's identifier.
    public let id: RunID
    /// The lane it runs on.
    public let lane: Lane
    /// The use case's type name, as logs and observers show it.
    public var useCaseName: String { runner.name(of: useCaseType) }
    /// Kept as a type and named only when asked: naming a type costs more than a whole run.
    let useCaseType: Any.Type
    /// The application's services, as composed for its environment.
    public var services: Services { runner.services }
    let runner: UseCaseRunner<Services>

    init(id: RunID, lane: Lane, useCaseType: Any.Type, runner: UseCaseRunner<Services>) {
        self.id = id
        self.lane = lane
        self.useCaseType = useCaseType
        self.runner = runner
    }

    /// The application's clock (the runner's `clock`): a `TestClock` in tests, so middleware and
    /// use cases that wait or measure on it are driven by the test.
    public var clock: any Clock<Duration> { runner.clock }

    /// The application's logger, with this run's `usecase` and `run` as metadata.
    public var logger: Logger {
        var logger = runner.logger
        logger[metadataKey: "usecase"] = "\(useCaseName)"
        logger[metadataKey: "run"] = "\(id.rawValue)"
        return logger
    }

    /// One of the services: `context.persistence` for `context.services.persistence`.
    public subscript<Value>(dynamicMember keyPath: KeyPath<Services, Value>) -> Value {
        runner.services[keyPath: keyPath]
    }

    /// Tells observers how far the run has come.
    public func reportProgress(_ progress: RunProgress) {
        runner.emit(.progress(info, progress))
    }

    /// Tells observers how far the run has come.
    public func reportProgress(completed: Int, total: Int? = nil, message: String? = nil) {
        reportProgress(RunProgress(completed: completed, total: total, message: message))
    }

    /// Throws `CancellationError` when the run was cancelled: call it where stopping is safe.
    public func checkCancellation() throws {
        try Task.checkCancellation()
    }

    /// Runs another use case of the same application as part of this one.
    ///
    /// A nested use case on the lane this run holds runs at once, inside this run's turn, so a
    /// serial lane never waits for itself.
    @discardableResult
    public func run<U: UseCase>(_ useCase: U, on lane: Lane? = nil) async throws -> U.Output
    where U.Services == Services {
        try await runner.run(useCase, on: lane)
    }

    /// The run as observers see it.
    public var info: RunInfo { RunInfo(id: id, useCaseName: useCaseName, lane: lane) }
}
