public import Harbor

/// A `ServiceBuilder` for an application whose services sit on one API: it makes the
/// ``HTTPService`` for its environment and hands it to `make`, so the composition root reads
/// as the environments it serves:
///
/// ```swift
/// let root = CompositionRoot<TodosServices>([
///     .production: HTTPServiceBuilder.remote(production, make: TodosServices.init),
///     .development: HTTPServiceBuilder.remote(development, make: TodosServices.init),
///     .fake: HTTPServiceBuilder.fake(make: TodosServices.init) { FakeTodoAPI.service(delay: delay) },
/// ])
/// ```
///
/// Each `build()` makes a new service: a new connection pool for a remote one, a fresh fake.
public struct HTTPServiceBuilder<Services>: ServiceBuilder {
    private let service: @Sendable () -> any HTTPService
    private let make: @Sendable (any HTTPService) throws -> Services

    /// Builds services over whatever `service` makes.
    public init(
        service: @escaping @Sendable () -> any HTTPService,
        make: @escaping @Sendable (any HTTPService) throws -> Services
    ) {
        self.service = service
        self.make = make
    }

    /// Services over a real ``HTTPServiceClient`` (production: the real base URL; development: a local server).
    public static func remote(
        _ configuration: HTTPServiceConfiguration, make: @escaping @Sendable (any HTTPService) throws -> Services
    ) -> HTTPServiceBuilder {
        HTTPServiceBuilder(service: { HTTPServiceClient(configuration: configuration) }, make: make)
    }

    /// Services over a ``FakeHTTPService`` that `fake` makes (the fake environment: no network).
    public static func fake(
        make: @escaping @Sendable (any HTTPService) throws -> Services,
        _ fake: @escaping @Sendable () -> FakeHTTPService
    ) -> HTTPServiceBuilder {
        HTTPServiceBuilder(service: fake, make: make)
    }

    public func build() async throws -> Services {
        try make(service())
    }
}
