import Foundation
public import Harbor

/// Provisions a new item in the box with a given title; ``ItemProvisioned`` tells what happened.
public struct ProvisionItem: UseCase {
    /// The title of the box it goes into, ignoring case.
    public let boxTitle: String
    /// The item's title.
    public let title: String

    /// Creates the command.
    public init(boxTitle: String, title: String) {
        self.boxTitle = boxTitle
        self.title = title
    }

    public func execute(in context: RunContext<BoxesServices>) async throws {
        // Checked reads: an item another process adds to the box meanwhile makes the commit a
        // retryable conflict instead of a 101st item.
        try await context.persistence.perform(checkingReads: true) { unitOfWork in
            let boxes = unitOfWork.repository(Box.self)
            let items = unitOfWork.repository(Item.self)
            let wanted = boxTitle.trimmingCharacters(in: .whitespaces).lowercased()
            guard let box = try await boxes.query(Query<Box>().where(\.titleKey, equals: wanted)).first else {
                throw BoxesError.unknownBox(boxTitle)
            }
            let holding = try await items.query(Query<Item>().where(\.boxID, equals: box.id))
            let (item, event) = try context.provisioning.provisionItem(titled: title, in: box, holding: holding)
            try items.add(item)
            try unitOfWork.record(event)
        }
    }
}
