/// Which delivered events an ``OutboxRelay`` deletes from the outbox.
public enum OutboxRetention: Sendable, Equatable {
    /// Never prune.
    case keepAll
    /// Prune events every subscriber has processed, except the newest `count` of them.
    ///
    /// The relay knows its own subscribers; name the durable subscribers of other processes in
    /// `otherSubscribers`, so that nothing they have not read yet is pruned.
    case keepLast(Int, otherSubscribers: [String] = [])

    /// The default: keep the newest 10,000 events every known subscriber has processed, so an
    /// outbox nobody configured stays bounded.
    public static let standard = OutboxRetention.keepLast(10_000)
}
