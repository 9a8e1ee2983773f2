/// Builds an application's services for one environment: the place adapters are wired to ports.
///
/// ```swift
/// struct FakeBoxesServices: ServiceBuilder {
///     func build() async throws -> BoxesServices {
///         BoxesServices(persistence: Persistence(store: InMemoryStore()))
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
