import Foundation

/// One line of an order: what was ordered and how many.
public struct OrderItem: Codable, Sendable, Hashable {
    /// What was ordered ("latte"), as the customer said it, trimmed.
    public let name: String
    /// How many; at least 1.
    public var quantity: Int

    /// Creates a line.
    public init(name: String, quantity: Int) {
        self.name = name
        self.quantity = quantity
    }

    /// The name as lines compare: "Latte" and "latte " are one line.
    var key: String { Self.key(name) }

    /// `name` as lines compare: trimmed, ignoring case.
    static func key(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
