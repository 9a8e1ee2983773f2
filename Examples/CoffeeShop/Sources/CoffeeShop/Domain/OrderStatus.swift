public import Harbor

/// Where an order stands: open until it is cancelled.
public enum OrderStatus: String, Codable, Sendable, Hashable, CaseIterable, FieldValueConvertible {
    /// Items may be added and removed.
    case open
    /// Kept for the record; nothing more may change.
    case cancelled
}
