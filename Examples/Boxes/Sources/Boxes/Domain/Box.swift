public import Harbor

/// A box that holds items; the aggregate the Boxes example provisions.
public struct Box: Aggregate, Equatable {
    public static let collection = "boxes"
    /// `titleKey` is unique, so that every store refuses a second box of a title, ignoring case,
    /// even when two processes provision it at once.
    public static let indexes: [IndexedField<Box>] = [
        .field("title", \.title), .field("position", \.position), .field("titleKey", \.titleKey, unique: true),
    ]

    /// The box's identifier.
    public let id: String
    /// What the box is called; unique among boxes.
    public var title: String
    /// Where it stands in the outline: boxes are listed in the order they were provisioned.
    public var position: Int

    /// The title as box titles compare: ignoring case.
    public var titleKey: String { title.lowercased() }

    /// Creates a box.
    public init(id: String, title: String, position: Int) {
        self.id = id
        self.title = title
        self.position = position
    }
}
