public import Harbor

/// What the Boxes use cases are given, built once per environment by a ``ServiceBuilder``; the
/// application (`UseCaseRunner<BoxesServices>`) hands it to every run.
public struct BoxesServices: Sendable {
    /// Where boxes and items are kept.
    public let persistence: Persistence
    /// The domain service.
    public let provisioning: BoxProvisioning
    /// What the services were built on, for a person to read ("JSON files in ./boxes-data").
    public let storeDescription: String

    /// Creates the services.
    public init(persistence: Persistence, provisioning: BoxProvisioning, storeDescription: String) {
        self.persistence = persistence
        self.provisioning = provisioning
        self.storeDescription = storeDescription
    }
}
