/// A named queue that runs at most `limit` use cases at once, in submission order.
///
/// ``serial`` (limit 1) is the default for every use case: one at a time is the safe choice.
/// Ask for concurrency explicitly: `Lane.concurrent("imports", limit: 4)`. A runner creates a
/// lane the first time its name is used; later uses of the same name share it (and its first limit).
public struct Lane: Hashable, Sendable, CustomStringConvertible {
    /// The lane's name; lanes with the same name are the same lane.
    public let name: String
    /// How many use cases may run at once on this lane.
    public let limit: Int

    /// The default lane: one use case at a time.
    public static let serial = Lane(name: "serial", limit: 1)

    /// A lane that runs up to `limit` use cases at once (at least one).
    public static func concurrent(_ name: String, limit: Int) -> Lane {
        Lane(name: name, limit: max(1, limit))
    }

    public var description: String { limit == 1 ? "\(name) (serial)" : "\(name) (up to \(limit))" }
}
