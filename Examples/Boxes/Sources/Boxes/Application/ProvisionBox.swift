public import Harbor

/// Provisions a new box: a command, so it returns nothing; ``BoxProvisioned`` tells what happened.
public struct ProvisionBox: UseCase {
    /// The title asked for.
    public let title: String
    let persistence: Persistence
    let provisioning: BoxProvisioning

    /// Creates the use case.
    public init(title: String, persistence: Persistence, provisioning: BoxProvisioning) {
        self.title = title
        self.persistence = persistence
        self.provisioning = provisioning
    }

    public func execute(in context: RunContext) async throws {
        try await persistence.perform { unitOfWork in
            let boxes = unitOfWork.repository(Box.self)
            let (box, event) = try provisioning.provisionBox(titled: title, after: try await boxes.all())
            try boxes.add(box)
            try unitOfWork.record(event)
        }
    }
}
