extension SQLiteStore {
    /// How an ``SQLiteStore`` opens and uses its file.
    public struct Configuration: Sendable, Equatable {
        /// How SQLite makes commits durable.
        public enum Durability: Sendable, Equatable {
            /// `PRAGMA synchronous = NORMAL` with WAL: a commit survives a crash of the process;
            /// a power loss may undo the last commits but never damages the file. The default.
            case normal
            /// `PRAGMA synchronous = FULL`: a commit also survives a power loss, at several times
            /// the cost per commit.
            case full
        }

        /// How long a write waits for another process that holds the database locked before it
        /// fails with ``SQLiteStoreError/busy(path:)``; 5 seconds by default.
        public var busyTimeout: Duration
        /// How durable a commit is; ``Durability/normal`` by default.
        public var durability: Durability
        /// The most connections that read at the same time; 5 by default.
        public var maximumReaderCount: Int
        /// Whether ``SQLiteStore/commitSignals()`` watches the file (inotify) so that readers learn of
        /// every process's commits at once; true by default. Turn it off on a network file system,
        /// whose other machines' writes the kernel does not see, to make readers poll.
        public var signalsCommits = true
        /// Whether opening a path where there is no database creates one; true by default. A
        /// command that only reads sets it to false, so a mistyped path is an error
        /// (``SQLiteStoreError/noDatabase(path:)``), never a new, empty store.
        public var createsIfMissing = true
        /// Whether the store only reads; false by default. Nothing is created, migrated or
        /// written, so a database the user may not write (a file of another user, a read-only
        /// folder or file system) can still be read; a commit fails with
        /// `StoreError.backend(location:reason:)` saying the place is read-only. Where
        /// SQLite cannot create the shared-memory file beside the database, the file is read as
        /// immutable: commits another process makes meanwhile are not seen.
        public var readOnly = false

        /// Creates a configuration.
        public init(busyTimeout: Duration = .seconds(5), durability: Durability = .normal, maximumReaderCount: Int = 5)
        {
            self.busyTimeout = busyTimeout
            self.durability = durability
            self.maximumReaderCount = maximumReaderCount
        }

        /// The busy timeout in whole milliseconds, as SQLite takes it.
        var busyTimeoutMilliseconds: Int {
            let (seconds, attoseconds) = busyTimeout.components
            return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
        }

        /// The value of `PRAGMA synchronous` for ``durability``.
        var synchronousPragma: (name: String, value: Int) {
            switch durability {
            case .normal: ("NORMAL", 1)
            case .full: ("FULL", 2)
            }
        }
    }
}
