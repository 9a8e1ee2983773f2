/// Chooses the ``ServiceBuilder`` for an environment: the one place an application is wired.
///
/// Library code never reaches for a global: the executable creates one composition root,
/// picks the environment (``EnvironmentName/resolve(flag:variable:processEnvironment:fallback:)``)
/// and composes the application over the services it builds, as the Boxes example does:
///
/// ```swift
/// let root = CompositionRoot<BoxesServices>([
///     .production: ProductionServices(location: location, createsStore: creatingStore),
///     .development: ProductionServices(location: location, createsStore: creatingStore),
///     .fake: FakeServices(delay: .milliseconds(fakeDelay)),
/// ])
/// let app = try await root.application(for: environment, middleware: middleware(for: environment))
/// ```
public struct CompositionRoot<Services>: Sendable {
    private let builders: [EnvironmentName: any ServiceBuilder<Services>]

    /// Creates a composition root from one builder per environment.
    public init(_ builders: [EnvironmentName: any ServiceBuilder<Services>]) {
        self.builders = builders
    }

    /// The environments this root can build, sorted by name.
    public var environments: [EnvironmentName] {
        builders.keys.sorted { $0.rawValue < $1.rawValue }
    }

    /// Builds the services for `environment`.
    /// - Throws: ``UnknownEnvironment`` naming the known environments, or what the builder throws.
    public func services(for environment: EnvironmentName) async throws -> Services {
        guard let builder = builders[environment] else {
            throw UnknownEnvironment(name: environment, known: environments)
        }
        return try await builder.build()
    }

    /// Builds the services for `environment` and composes the application that runs its use cases.
    public func application(
        for environment: EnvironmentName, middleware: [any UseCaseMiddleware] = []
    ) async throws -> UseCaseRunner<Services> where Services: Sendable {
        UseCaseRunner(services: try await services(for: environment), middleware: middleware)
    }
}

/// An environment was asked for that the composition root does not know.
public struct UnknownEnvironment: Error, Equatable, CustomStringConvertible {
    /// The name that was asked for.
    public let name: EnvironmentName
    /// The names that would have worked.
    public let known: [EnvironmentName]

    /// Creates the error.
    public init(name: EnvironmentName, known: [EnvironmentName]) {
        self.name = name
        self.known = known
    }

    public var description: String {
        "unknown environment '\(name)'; use one of: \(known.map(\.rawValue).joined(separator: ", "))"
    }
}
