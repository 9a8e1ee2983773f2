import Metrics

/// Times every run and counts failures through swift-metrics, dimensioned by use case.
///
/// Records the timer `harbor_usecase_duration` and the counters `harbor_usecase_runs` and
/// `harbor_usecase_failures`, each with a `usecase` dimension. Like every library, it only
/// records: the executable chooses the metrics backend with `MetricsSystem.bootstrap`.
public struct MetricsMiddleware: UseCaseMiddleware {
    /// Creates a metrics middleware.
    public init() {}

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        let dimensions = [("usecase", context.useCaseName)]
        Counter(label: "harbor_usecase_runs", dimensions: dimensions).increment()
        let start = ContinuousClock.now
        defer {
            Timer(label: "harbor_usecase_duration", dimensions: dimensions)
                .recordInterval(since: start)
        }
        do {
            return try await next(useCase, context)
        } catch {
            Counter(label: "harbor_usecase_failures", dimensions: dimensions).increment()
            throw error
        }
    }
}

extension Timer {
    /// Records the time since `start` on the continuous clock.
    fileprivate func recordInterval(since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let (seconds, attoseconds) = elapsed.components
        recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
