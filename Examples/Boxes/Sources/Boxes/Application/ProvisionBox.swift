public import Harbor

/// Provisions a new box: a command, so it returns nothing; ``BoxProvisioned`` tells what happened.
public struct ProvisionBox: UseCase {
    /// The title asked for.
    public let title: String

    /// Creates the command.
    public init(title: String) {
        self.title = title
    }

    public func execute(in context: RunContext<BoxesServices>) async throws {
        try await context.persistence.perform { unitOfWork in
            let boxes = unitOfWork.repository(Box.self)
            let (box, event) = try context.provisioning.provisionBox(titled: title, after: try await boxes.all())
            try boxes.add(box)
            try unitOfWork.record(event)
        }
    }
}
