public import Harbor

/// An item was provisioned in a box.
public struct ItemProvisioned: DomainEvent, Equatable {
    public static let eventName = "boxes.item-provisioned"
    /// The new item's identifier.
    public let itemID: String
    /// Its title.
    public let title: String
    /// The box it went into.
    public let boxID: String
    /// That box's title, so a listener can print without reading the store.
    public let boxTitle: String

    /// Creates the event.
    public init(itemID: String, title: String, boxID: String, boxTitle: String) {
        self.itemID = itemID
        self.title = title
        self.boxID = boxID
        self.boxTitle = boxTitle
    }
}
