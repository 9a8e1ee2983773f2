/// Which delivered events an `OutboxRelay` deletes from the outbox.
public enum OutboxRetention: Sendable, Equatable {
    /// Never prune.
    case keepAll
    /// Prune events every subscriber has processed, except the newest `count` of them.
    ///
    /// Every durable subscriber whose position the store keeps counts, whichever process runs it
    /// (a subscriber given up for good keeps holding events back until its position is moved
    /// on); name in `otherSubscribers` those that have not stored a position yet.
    case keepLast(Int, otherSubscribers: [String] = [])

    /// The default: keep the newest 10,000 events every known subscriber has processed, so an
    /// outbox nobody configured stays bounded.
    public static let standard = OutboxRetention.keepLast(10_000)
}
