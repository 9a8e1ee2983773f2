public import Harbor

/// A box was provisioned.
public struct BoxProvisioned: DomainEvent, Equatable {
    public static let eventName = "boxes.box-provisioned"
    /// The new box's identifier.
    public let boxID: String
    /// Its title.
    public let title: String

    /// Creates the event.
    public init(boxID: String, title: String) {
        self.boxID = boxID
        self.title = title
    }
}
