/// Identifies one run of a use case within its runner; runs are numbered in submission order.
public struct RunID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The run's number.
    public let rawValue: UInt64

    /// Creates an identifier.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: RunID, rhs: RunID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "#\(rawValue)" }
}
