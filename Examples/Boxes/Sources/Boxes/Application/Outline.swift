/// The view model of the outline: exactly what `boxes list` prints, nothing more.
public struct Outline: Sendable, Equatable {
    /// One box and the titles of its items, in order.
    public struct Entry: Sendable, Equatable {
        /// The box's title.
        public let box: String
        /// Its items' titles.
        public let items: [String]

        /// Creates an entry.
        public init(box: String, items: [String]) {
            self.box = box
            self.items = items
        }
    }

    /// The boxes in the order they were provisioned.
    public let entries: [Entry]

    /// Creates an outline.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The outline as lines of text.
    public var lines: [String] {
        if entries.isEmpty { return ["(no boxes yet: add one with `boxes add-box TITLE`)"] }
        return entries.flatMap { entry in ["\(entry.box)"] + entry.items.map { "  - \($0)" } }
    }
}
