import Foundation

/// The domain service that decides what a new box or item is: the rules, and no infrastructure.
///
/// Rules: titles are trimmed and must not be empty (a box without a title is called "New Box");
/// box titles are unique, ignoring case; a box holds at most ``maximumItems`` items.
public struct BoxProvisioning: Sendable {
    /// The most items one box can hold.
    public let maximumItems: Int
    private let makeID: @Sendable () -> String

    /// Creates the service; `makeID` creates identifiers (inject a counter in tests).
    public init(maximumItems: Int = 100, makeID: @escaping @Sendable () -> String) {
        self.maximumItems = maximumItems
        self.makeID = makeID
    }

    /// A new box after the `existing` ones, with the event that announces it.
    /// - Throws: ``BoxesError/duplicateBox(_:)`` when a box already has that title.
    public func provisionBox(titled title: String, after existing: [Box]) throws -> (Box, BoxProvisioned) {
        let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
        let title = trimmed.isEmpty ? "New Box" : trimmed
        if existing.contains(where: { $0.title.lowercased() == title.lowercased() }) {
            throw BoxesError.duplicateBox(title)
        }
        let position = (existing.map(\.position).max() ?? 0) + 1
        let box = Box(id: makeID(), title: title, position: position)
        return (box, BoxProvisioned(boxID: box.id, title: box.title))
    }

    /// A new item in `box`, after the items it already holds, with the event that announces it.
    /// - Throws: ``BoxesError/emptyItemTitle`` or ``BoxesError/boxFull(_:limit:)``.
    public func provisionItem(
        titled title: String, in box: Box, holding items: [Item]
    ) throws -> (Item, ItemProvisioned) {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { throw BoxesError.emptyItemTitle }
        guard items.count < maximumItems else { throw BoxesError.boxFull(box.title, limit: maximumItems) }
        let position = (items.map(\.position).max() ?? 0) + 1
        let item = Item(id: makeID(), boxID: box.id, title: title, position: position)
        return (item, ItemProvisioned(itemID: item.id, title: title, boxID: box.id, boxTitle: box.title))
    }
}
