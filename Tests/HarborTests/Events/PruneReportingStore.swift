import Harbor
import HarborTesting

/// A store that forwards to another and reports every prune once it has run, so that a test
/// can await the relay's pruning instead of sleeping.
final class PruneReportingStore: ForwardingStore {
    let base: any Store
    /// The position each prune went through, in order, reported after the prune.
    let prunes: AsyncStream<Int64>
    private let reporter: AsyncStream<Int64>.Continuation

    init(wrapping base: any Store) {
        self.base = base
        (prunes, reporter) = AsyncStream.makeStream()
    }

    func pruneEvents(through position: Int64) async throws -> Int {
        let pruned = try await base.pruneEvents(through: position)
        reporter.yield(position)
        return pruned
    }

}
