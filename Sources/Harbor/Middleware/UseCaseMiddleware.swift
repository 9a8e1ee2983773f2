/// Wraps every run of a use case: logging, metrics, timeouts, retries, or your own.
///
/// A middleware gets the use case, its run context and `next`, the rest of the chain. It may act
/// before and after calling `next`, call it several times (retry), race it (timeout), or not
/// call it at all (a cache), like Hummingbird's `MiddlewareProtocol`.
///
/// ```swift
/// struct Audit: UseCaseMiddleware {
///     func handle<U: UseCase>(
///         _ useCase: U, context: RunContext<U.Services>,
///         next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
///     ) async throws -> U.Output {
///         print("running \(context.useCaseName)")
///         return try await next(useCase, context)
///     }
/// }
/// ```
public protocol UseCaseMiddleware: Sendable {
    /// Runs the rest of the chain for `useCase`, around whatever this middleware adds.
    func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output
}
