/// One thing the application does, as one type: `TrackFiles`, `UpdateWordCount`, `ProvisionBox`.
///
/// A use case is its input and nothing else: plain stored properties, so `Hashable` (and
/// `Codable`, where its fields are) is synthesized, and a run can be logged, compared and
/// coalesced as data. What it needs to do its work — repositories, ports, a clock — is the
/// application's ``UseCase/Services``, given once when the application is composed for an
/// environment and handed to ``execute(in:)`` through ``RunContext``. A use case whose
/// `Services` the runner does not have does not compile.
///
/// ```swift
/// struct RenameBox: UseCase {
///     let boxID: String
///     let title: String
///
///     func execute(in context: RunContext<ExampleServices>) async throws {
///         try await context.persistence.perform { unitOfWork in
///             let boxes = unitOfWork.repository(ExampleBox.self)
///             guard var box = try await boxes.find(boxID) else { throw ExampleError.noSuchBox(boxID) }
///             box.rename(to: title)
///             try boxes.update(box)
///         }
///     }
/// }
///
/// let app = UseCaseRunner(services: ExampleServices(persistence: Persistence(store: InMemoryStore())))
/// try await app.run(RenameBox(boxID: "1", title: "Books"))
/// ```
public protocol UseCase<Services>: Sendable, Hashable {
    /// What the application gives its use cases: persistence, ports, clocks.
    associatedtype Services: Sendable
    /// What a run returns: a query's answer, or at most an identifier for a command.
    associatedtype Output: Sendable

    /// The lane the use case runs on unless the caller names another; ``Lane/serial`` by default.
    var lane: Lane { get }

    /// Does the work, top-down. Reach the services, report progress and run nested use cases
    /// through `context`.
    ///
    /// Cancellation is cooperative: check it with `try context.checkCancellation()` (or any
    /// throwing `async` call such as `Task.sleep`) at the points where stopping is safe.
    func execute(in context: RunContext<Services>) async throws -> Output
}

extension UseCase {
    /// Use cases run one at a time unless they ask for a concurrent lane.
    public var lane: Lane { .serial }
}

/// A use case that an equal one, still waiting in the queue, may stand in for.
///
/// When a coalescable use case is submitted while an equal one (by its synthesized `==`) has
/// not started yet, the new submission joins the queued run and gets its result, instead of
/// running twice.
public protocol CoalescableUseCase: UseCase {}
