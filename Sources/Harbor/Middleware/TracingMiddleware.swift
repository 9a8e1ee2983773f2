public import Tracing

/// Opens a span for every run of a use case, through swift-distributed-tracing.
///
/// The span is named after the use case and carries the attributes `harbor.run.id` and
/// `harbor.lane`; a run that throws records its error on the span. Units of work, nested runs
/// and outbox deliveries made during the run become its child spans, since the span's context
/// travels with the task.
///
/// Like every library, it only records: the executable bootstraps a tracer with
/// `InstrumentationSystem.bootstrap`. With none bootstrapped the no-op tracer makes the span
/// cost next to nothing.
public struct TracingMiddleware: UseCaseMiddleware {
    private let tracer: (any Tracer)?

    /// Traces through `tracer`, or through the bootstrapped tracer (read at each run) when nil.
    public init(tracer: (any Tracer)? = nil) {
        self.tracer = tracer
    }

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        let chosen: any Tracer = tracer ?? InstrumentationSystem.tracer
        return try await trace(useCase, context: context, next: next, with: chosen)
    }

    private func trace<U: UseCase, T: Tracer>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output,
        with tracer: T
    ) async throws -> U.Output {
        try await tracer.withSpan(context.useCaseName, ofKind: .internal) { span in
            span.attributes["harbor.run.id"] = Int64(truncatingIfNeeded: context.id.rawValue)
            span.attributes["harbor.lane"] = context.lane.name
            return try await next(useCase, context)
        }
    }
}
