/// One thing the application does, as one type: `TrackFiles`, `UpdateWordCount`, `ProvisionBox`.
///
/// A use case is its input and nothing else: plain stored properties, so `Hashable` (and
/// `Codable`, where its fields are) is synthesized, and a run can be logged, compared and
/// coalesced as data. What it needs to do its work — repositories, ports, a clock — is the
/// application's ``UseCase/Services``, given once when the application is composed for an
/// environment and handed to ``execute(in:)`` through ``RunContext``. A use case whose
/// `Services` the runner does not have does not compile.
///
/// The allocation scenario of Harbor's tests allocates an order line to a batch of a product:
///
/// ```swift
/// struct Allocate: UseCase {
///     let orderID: String
///     let sku: String
///     let quantity: Int
///
///     func execute(in context: RunContext<AllocationServices>) async throws -> String? {
///         try await context.persistence.perform { unitOfWork in
///             let products = unitOfWork.repository(Product.self)
///             guard var product = try await products.find(sku) else { throw AllocationError.invalidSKU(sku) }
///             let reference = product.allocate(OrderLine(orderID: orderID, sku: sku, quantity: quantity))
///             try products.update(product)
///             return reference
///         }
///     }
/// }
/// ```
///
/// An application over `AllocationServices` runs it and returns the batch's reference:
/// `try await app.run(Allocate(orderID: "o1", sku: "LAMP", quantity: 10))`.
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
