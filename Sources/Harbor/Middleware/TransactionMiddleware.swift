/// Runs each use case in one ``Persistence/transaction(checkingReads:_:)``: what the use case,
/// the runs it nests and the middleware after this one change is committed once, atomically, when
/// the use case returns, and nothing is when it throws.
///
/// Put a ``RetryMiddleware`` before it, so that a conflict retries the whole transaction:
///
/// ```swift
/// let app = UseCaseRunner(
///     services: services,
///     middleware: [RetryMiddleware(maxAttempts: 3), TransactionMiddleware(persistence: services.persistence)])
/// ```
public struct TransactionMiddleware: UseCaseMiddleware {
    /// The persistence whose units of work join the run's transaction.
    public let persistence: Persistence

    /// Opens a transaction of `persistence` around every run.
    public init(persistence: Persistence) {
        self.persistence = persistence
    }

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        try await persistence.transaction { _ in try await next(useCase, context) }
    }
}
