/// One thing the application does, as one type: `TrackFiles`, `UpdateWordCount`, `ProvisionBox`.
///
/// A use case describes its algorithm at a high level and depends only on ports it is given.
/// Run it through a ``UseCaseRunner`` to get serial execution, cancellation, progress,
/// observation and middleware:
///
/// ```swift
/// struct ProvisionBox: UseCase {
///     let title: String
///     let service: BoxProvisioning
///     func execute(in context: RunContext) async throws -> Void {
///         try await service.provisionBox(titled: title)
///     }
/// }
/// try await runner.run(ProvisionBox(title: "Books", service: service))
/// ```
public protocol UseCase: Sendable {
    /// What a run returns: a query's answer, or at most an identifier for a command.
    associatedtype Output: Sendable

    /// The lane the use case runs on unless the caller names another; ``Lane/serial`` by default.
    var lane: Lane { get }

    /// Does the work. Report progress and run nested use cases through `context`.
    ///
    /// Cancellation is cooperative: check it with `try context.checkCancellation()` (or any
    /// throwing `async` call such as `Task.sleep`) at the points where stopping is safe.
    func execute(in context: RunContext) async throws -> Output
}

extension UseCase {
    /// Use cases run one at a time unless they ask for a concurrent lane.
    public var lane: Lane { .serial }
}

/// A use case that an equal one, still waiting in the queue, may stand in for.
///
/// When a coalescable use case is submitted while an equal one has not started yet, the new
/// submission joins the queued run and gets its result, instead of running twice.
public protocol CoalescableUseCase: UseCase, Hashable {}
