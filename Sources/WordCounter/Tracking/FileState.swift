public import Harbor

/// Whether a tracked file could be counted the last time Word Counter looked.
public enum FileState: String, Sendable, Codable, CaseIterable, FieldValueConvertible {
    /// Found and counted.
    case ok
    /// Not found at its path, nor anywhere it could have moved to; kept with its history.
    case missing
    /// Found but not countable: binary, permission denied, a FIFO… (the reason is kept).
    case unreadable
}
