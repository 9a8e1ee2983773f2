/// Builds an application's services for one environment: the place adapters are wired to ports.
///
/// The Boxes example's fake environment keeps everything in memory, behind an optional delay:
///
/// ```swift
/// struct FakeServices: ServiceBuilder {
///     let delay: Duration
///
///     func build() async throws -> BoxesServices {
///         let counter = Atomic<Int>(0)
///         return BoxesServices(
///             persistence: Persistence(store: FakeStore(wrapping: InMemoryStore(), delay: delay)),
///             provisioning: BoxProvisioning { "fake-\(counter.add(1, ordering: .relaxed).newValue)" },
///             storeDescription: "memory, fake environment")
///     }
/// }
/// ```
public protocol ServiceBuilder<Services>: Sendable {
    /// What the application's use cases are given: repositories, ports, a runner.
    associatedtype Services

    /// Creates the services.
    /// - Throws: when an adapter cannot be created (a database that does not open, say).
    func build() async throws -> Services
}
