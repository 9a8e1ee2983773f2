import Harbor

/// Why a ``MirroredStore`` refused an operation of the migration, with what to do about it.
public enum MirrorError: Error, Equatable, CustomStringConvertible {
    /// The two stores still differ, so the roles may not swap.
    case differences([MirrorDifference])
    /// Durable subscribers have not processed every event of the primary's outbox: their
    /// positions cannot move to the other store's outbox without losing or repeating events.
    case subscribersLag([String: Int64], lastPosition: Int64)
    /// Dead letters wait on the primary; their positions mean nothing in the other store's outbox.
    case deadLetters(subscriber: String, count: Int)
    /// A write named the collection the mirror keeps its backlog in.
    case reservedCollection(String)

    public var description: String {
        switch self {
        case .differences(let differences):
            "the secondary still differs from the primary in \(differences.count) place(s), first: "
                + "\(differences.first.map(String.init(describing:)) ?? "none"); run backfill, then verify again"
        case .subscribersLag(let positions, let last):
            "subscriber(s) "
                + positions.sorted { $0.key < $1.key }.map { "\($0.key) at \($0.value)" }.joined(separator: ", ")
                + " have not processed every event (the last is \(last)); let them catch up, then cut over"
        case .deadLetters(let subscriber, let count):
            "subscriber \(subscriber) has \(count) dead letter(s) on the primary; replay or discard them, then cut over"
        case .reservedCollection(let collection):
            "the collection '\(collection)' is reserved for the mirror's backlog; use another name"
        }
    }
}
