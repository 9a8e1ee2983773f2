public import Logging

/// Logs every run's start, end and duration, with `usecase` and `run` metadata.
///
/// Starts and successes log at `level` (debug by default); failures at `error`, an ``ExpectedError``
/// at `notice`; cancellations at `notice`.
public struct LoggingMiddleware: UseCaseMiddleware {
    private let logger: Logger
    private let level: Logger.Level

    /// Creates a logging middleware writing to `logger`.
    public init(logger: Logger, level: Logger.Level = .debug) {
        self.logger = logger
        self.level = level
    }

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        var logger = logger
        logger[metadataKey: "usecase"] = "\(context.useCaseName)"
        logger[metadataKey: "run"] = "\(context.id.rawValue)"
        logger.log(level: level, "started")
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let output = try await next(useCase, context)
            logger.log(level: level, "finished", metadata: ["duration": "\(clock.now - start)"])
            return output
        } catch is CancellationError {
            logger.notice("cancelled", metadata: ["duration": "\(clock.now - start)"])
            throw CancellationError()
        } catch {
            logger.log(level: .failure(error), "failed: \(error)", metadata: ["duration": "\(clock.now - start)"])
            throw error
        }
    }
}
