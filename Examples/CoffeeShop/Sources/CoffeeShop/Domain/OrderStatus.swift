public import Harbor

/// Where an order stands: open until it is served or cancelled.
public enum OrderStatus: String, Codable, Sendable, Hashable, CaseIterable, FieldValueConvertible {
    /// Items may be added and removed; it is cancelled if it is still open at its ``Order/cancelsAt``.
    case open
    /// Handed over to the customer: done, and nothing more may change.
    case served
    /// Kept for the record; nothing more may change.
    case cancelled
}
