import Metrics

/// What a ``Persistence`` records of its commits through swift-metrics, dimensioned by the store's
/// type: the counters `harbor_store_commits` and `harbor_store_conflicts` and the timer
/// `harbor_store_commit_duration`. Made once, when the persistence is, so the backend the
/// executable bootstrapped before composing the application gets them. The store server records
/// the commits it serves with it too (package-wide, not public).
package struct CommitMetrics: Sendable {
    private let commits: Counter
    private let conflicts: Counter
    private let duration: Timer

    package init(store: any Store) {
        let dimensions = [("store", String(describing: type(of: store)))]
        commits = Counter(label: "harbor_store_commits", dimensions: dimensions)
        conflicts = Counter(label: "harbor_store_conflicts", dimensions: dimensions)
        duration = Timer(label: "harbor_store_commit_duration", dimensions: dimensions)
    }

    /// Records a commit the store accepted, and how long it took since `start`.
    package func committed(since start: ContinuousClock.Instant) {
        commits.increment()
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        duration.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Records a commit refused with a conflict.
    package func conflicted() {
        conflicts.increment()
    }
}
