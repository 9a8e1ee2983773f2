public import Harbor

/// A query: every box with its items, in order. It changes nothing.
public struct ShowOutline: UseCase {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<BoxesServices>) async throws -> Outline {
        let boxes = try await context.persistence.repository(Box.self).query(Query<Box>().sorted(by: \.position))
        let items = context.persistence.repository(Item.self)
        var entries: [Outline.Entry] = []
        for box in boxes {
            let inBox = try await items.query(Query<Item>().where(\.boxID, equals: box.id).sorted(by: \.position))
            entries.append(Outline.Entry(box: box.title, items: inBox.map(\.title)))
        }
        return Outline(entries: entries)
    }
}
