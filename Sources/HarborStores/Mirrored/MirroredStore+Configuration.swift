public import Foundation
public import Harbor
public import Logging

extension MirroredStore {
    /// How a ``MirroredStore`` copies to its secondary, retries and compares.
    public struct Configuration: Sendable {
        /// Which reads also go to the secondary, to compare before cutting over; none by default.
        public var shadowReads: ShadowReads
        /// The longest a caller's ``MirroredStore/prepare(_:)`` waits for the secondary before
        /// leaving it to the background copy; commits never wait for the secondary at all.
        public var secondaryBudget: Duration
        /// The waits after failed copies to the secondary: 0.5 s, doubling up to 30 s by default.
        /// A new commit does not cut a wait short. Its `Backoff.maxAttempts` is not used: the
        /// copy tries until the secondary takes it, and the journal (or the backlog) keeps what
        /// waits meanwhile.
        public var retry: Backoff
        /// What the copy's waits (``retry``, ``coalescingDelay``, ``cleanupDelay``,
        /// ``secondaryBudget``) are measured on; a test passes a test clock.
        public var clock: any Clock<Duration>
        /// How many backlog entries, and how many documents of a backfill, are copied per call.
        public var batchSize: Int
        /// How long the copy waits after a commit woke it, so that the commits of a burst are
        /// copied together, in one call to the secondary, instead of one by one beside each
        /// (100 ms by default): a longer wait costs the primary's cores and the secondary less
        /// (a key written many times is copied once) and leaves the secondary further behind.
        public var coalescingDelay: Duration
        /// How long the copy waits, idle, before it deletes the backlog entries it has copied and
        /// looks for entries it has not seen (another process's, or one committed out of order).
        public var cleanupDelay: Duration
        /// Where differences, failures and recoveries are logged.
        public var logger: Logger
        /// A local folder for the intent journal, shared by every process mirroring the same two
        /// stores on this machine; nil (the default) keeps what the secondary lacks in a backlog
        /// on the primary instead.
        ///
        /// With a journal, a commit appends the keys it writes to this process's file in the
        /// folder (one `write(2)`, no `fsync`) before it goes to the primary, which costs a commit
        /// far less than the backlog's extra write; a `kill -9` loses nothing, a power loss may
        /// cost the journal's tail. Processes that do not share the folder (another machine) do
        /// not see each other's journals: each copies its own, and a dead one's waits for the
        /// next process on its folder (``MirroredStore/replayBacklog()`` included).
        public var journal: URL?
        /// Whether the mirror copies to the secondary on its own, in a background task started
        /// with it (true, the default); false for a process that only inspects a migration, such
        /// as a `status` command: nothing is then copied but by ``MirroredStore/replayBacklog()``
        /// and ``MirroredStore/cutover(collections:)``, so such a process sends nothing.
        public var copiesInBackground: Bool

        /// Creates a configuration.
        public init(
            shadowReads: ShadowReads = .none,
            secondaryBudget: Duration = .seconds(2),
            retry: Backoff = Backoff(maxAttempts: .max, initialDelay: .milliseconds(500), maxDelay: .seconds(30)),
            clock: any Clock<Duration> = ContinuousClock(),
            batchSize: Int = 256,
            coalescingDelay: Duration = .milliseconds(100),
            cleanupDelay: Duration = .milliseconds(200),
            logger: Logger = Logger(label: "harbor.mirror"),
            journal: URL? = nil,
            copiesInBackground: Bool = true
        ) {
            self.shadowReads = shadowReads
            self.secondaryBudget = secondaryBudget
            self.retry = retry
            self.clock = clock
            self.batchSize = max(1, batchSize)
            self.coalescingDelay = coalescingDelay
            self.cleanupDelay = cleanupDelay
            self.logger = logger
            self.journal = journal
            self.copiesInBackground = copiesInBackground
        }
    }

    /// Which reads a ``MirroredStore`` also sends to the secondary, and which store answers them.
    ///
    /// A shadowed read reads both stores at once and reports every difference (metrics
    /// `harbor_mirror_shadow_reads` and `harbor_mirror_differences{kind, lag}`, and a log line);
    /// a failure of the secondary is reported too, never thrown.
    public struct ShadowReads: Sendable, Equatable {
        /// The share of reads, from 0 to 1, that are shadowed, drawn at random per read.
        public var share: Double
        /// Collections whose every read is shadowed, whatever ``share`` says.
        public var collections: Set<String>
        /// When true, a shadowed read returns the secondary's answer (the primary's when the
        /// secondary fails): the secondary lags the primary by its copy, so a caller may not read
        /// its own write. When false (the default), the primary answers and the secondary is only
        /// compared.
        public var answerFromSecondary: Bool

        /// Creates a choice of shadowed reads.
        public init(share: Double = 0, collections: Set<String> = [], answerFromSecondary: Bool = false) {
            self.share = min(1, max(0, share))
            self.collections = collections
            self.answerFromSecondary = answerFromSecondary
        }

        /// No read is shadowed.
        public static let none = ShadowReads()

        /// Every read is shadowed; the primary answers.
        public static let all = ShadowReads(share: 1)

        /// Whether a read of `collection` is shadowed, drawing from `generator` when the share
        /// decides.
        func shadows(_ collection: String, using generator: inout some RandomNumberGenerator) -> Bool {
            if collections.contains(collection) { return true }
            if share >= 1 { return true }
            if share <= 0 { return false }
            return Double.random(in: 0..<1, using: &generator) < share
        }
    }
}
