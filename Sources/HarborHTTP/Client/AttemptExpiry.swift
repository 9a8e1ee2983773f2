import Synchronization

/// Whether an attempt's deadline passed: set by the timer on the event loop, read by the
/// attempt once its exchange has ended, to tell a timeout from any other cancellation.
final class AttemptExpiry: Sendable {
    private let expired = Atomic<Bool>(false)

    /// Records that the deadline passed.
    func expire() {
        expired.store(true, ordering: .releasing)
    }

    /// Whether the deadline passed.
    var hasExpired: Bool {
        expired.load(ordering: .acquiring)
    }
}
