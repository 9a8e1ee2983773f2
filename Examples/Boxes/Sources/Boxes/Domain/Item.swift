public import Harbor

/// An item in a box.
public struct Item: Aggregate, Equatable {
    public static let collection = "items"
    public static let indexes: [IndexedField<Item>] = [.field("box", \.boxID), .field("position", \.position)]

    /// The item's identifier.
    public let id: String
    /// The box it is in.
    public var boxID: String
    /// What the item is called.
    public var title: String
    /// Where it stands in its box.
    public var position: Int

    /// Creates an item.
    public init(id: String, boxID: String, title: String, position: Int) {
        self.id = id
        self.boxID = boxID
        self.title = title
        self.position = position
    }
}
