import Foundation
public import Harbor

/// Provisions a new item in the box with a given title; ``ItemProvisioned`` tells what happened.
public struct ProvisionItem: UseCase {
    /// The item's title.
    public let title: String
    /// The title of the box it goes into.
    public let boxTitle: String
    let persistence: Persistence
    let provisioning: BoxProvisioning

    /// Creates the use case.
    public init(title: String, boxTitle: String, persistence: Persistence, provisioning: BoxProvisioning) {
        self.title = title
        self.boxTitle = boxTitle
        self.persistence = persistence
        self.provisioning = provisioning
    }

    public func execute(in context: RunContext) async throws {
        try await persistence.perform { unitOfWork in
            let boxes = unitOfWork.repository(Box.self)
            let items = unitOfWork.repository(Item.self)
            let wanted = boxTitle.trimmingCharacters(in: .whitespaces).lowercased()
            guard let box = try await boxes.all().first(where: { $0.title.lowercased() == wanted }) else {
                throw BoxesError.unknownBox(boxTitle)
            }
            let holding = try await items.query(Query<Item>().where(\.boxID, equals: box.id))
            let (item, event) = try provisioning.provisionItem(titled: title, in: box, holding: holding)
            try items.add(item)
            try unitOfWork.record(event)
        }
    }
}
