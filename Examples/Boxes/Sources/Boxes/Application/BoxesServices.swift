public import Harbor

/// Everything the Boxes use cases need, built by one ``ServiceBuilder`` per environment.
public struct BoxesServices: Sendable {
    /// Where boxes and items are kept.
    public let persistence: Persistence
    /// The domain service.
    public let provisioning: BoxProvisioning
    /// Runs the use cases, one at a time.
    public let runner: UseCaseRunner
    /// What the services were built on, for a person to read ("JSON files in ./boxes-data").
    public let storeDescription: String

    /// Creates the services.
    public init(
        persistence: Persistence, provisioning: BoxProvisioning, runner: UseCaseRunner, storeDescription: String
    ) {
        self.persistence = persistence
        self.provisioning = provisioning
        self.runner = runner
        self.storeDescription = storeDescription
    }
}
