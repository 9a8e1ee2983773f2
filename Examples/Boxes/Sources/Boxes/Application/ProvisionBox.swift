import Foundation
public import Harbor

/// Provisions a new box: a command, so it returns nothing; ``BoxProvisioned`` tells what happened.
public struct ProvisionBox: UseCase {
    /// The title asked for.
    public let title: String

    /// Creates the command.
    public init(title: String) {
        self.title = title
    }

    /// Provisions the box; the reads are checked, so a box another process provisions meanwhile
    /// makes the commit a retryable conflict (the runner's `RetryMiddleware` runs it again, and
    /// the rules then see that box), and the unique title key makes a lost race on the same title
    /// ``BoxesError/duplicateBox(_:)`` whatever the store.
    public func execute(in context: RunContext<BoxesServices>) async throws {
        do {
            try await context.persistence.perform(checkingReads: true) { unitOfWork in
                let boxes = unitOfWork.repository(Box.self)
                let (box, event) = try context.provisioning.provisionBox(titled: title, after: try await boxes.all())
                try boxes.add(box)
                try unitOfWork.record(event)
            }
        } catch StoreError.duplicateValue(Box.collection, "titleKey", _) {
            throw BoxesError.duplicateBox(title.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
