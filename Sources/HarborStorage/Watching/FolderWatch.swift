#if canImport(Glibc)
    import Glibc
    import Synchronization

    /// Watches a folder with inotify and signals whenever one of its files is written, created or
    /// renamed into it, by this process or any other: the commit signals of the file-based stores.
    ///
    /// A store's commit may become visible to readers a moment after its last write (SQLite updates
    /// its shared WAL index after writing the log), so each burst of writes is followed by a
    /// second, trailing signal `settle` later: a reader that looked too early looks again.
    ///
    /// It reads through an ``Inotify`` instance of its own, one watch on the folder.
    package final class FolderWatch: Sendable {
        private let inotify: Inotify
        /// The names that matter, as the file system has their bytes; any name when nil.
        private let names: Set<[UInt8]>?
        private let continuation: AsyncStream<Void>.Continuation
        private let settle: Duration
        /// When the trailing signal of the latest burst is due, while one is.
        private let trailing = Mutex<ContinuousClock.Instant?>(nil)

        /// A stream of signals for writes to the files named `names` in `folder` (any file when
        /// nil), or nil when inotify is unavailable (no instance or watch left, or none at all).
        package static func signals(
            folder: String, names: Set<String>?, settle: Duration = .milliseconds(15)
        ) -> AsyncStream<Void>? {
            let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
            guard let inotify = try? Inotify(), (try? inotify.addWatch(folder, mask: mask)) != nil else { return nil }
            let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let watch = FolderWatch(
                inotify: inotify, names: names.map { Set($0.map { Array($0.utf8) }) }, continuation: continuation,
                settle: max(settle, .milliseconds(1)))
            // The thread holds the watch until the stream ends; the descriptor is closed then.
            guard let thread = inotify.startReading(handler: { watch.wake($0) }) else { return nil }
            continuation.onTermination = { _ in thread.stop() }
            return stream
        }

        /// A stream of signals for writes to the database file at `path`, its write-ahead log and
        /// its rollback journal (not its `-shm`, which readers write too).
        package static func signals(forDatabaseAt path: String) -> AsyncStream<Void>? {
            let slash = path.lastIndex(of: "/")
            let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
            let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
            return signals(folder: folder, names: [base, base + "-wal", base + "-journal"])
        }

        private init(
            inotify: Inotify, names: Set<[UInt8]>?, continuation: AsyncStream<Void>.Continuation, settle: Duration
        ) {
            self.inotify = inotify
            self.names = names
            self.continuation = continuation
            self.settle = settle
        }

        /// Signals a burst of writes at once and schedules its trailing signal; signals that.
        private func wake(_ reason: PollingThread.Wake) -> ContinuousClock.Instant? {
            switch reason {
            case .readable:
                guard readEvents() else { return nil }
                continuation.yield()
                return trailing.withLock { due in
                    if due != nil { return nil }
                    due = .now + settle
                    return due
                }
            case .deadline:
                trailing.withLock { $0 = nil }
                continuation.yield()
                return nil
            }
        }

        /// Reads every waiting record; answers whether any is ours.
        private func readEvents() -> Bool {
            // Every record is read, even after one that is ours: the descriptor must be drained.
            inotify.readEvents().reduce(false) { relevant, event in
                // A queue overflow lost records: one of them may have been a commit.
                relevant || event.has(UInt32(IN_Q_OVERFLOW)) || names?.contains(event.name) ?? true
            }
        }
    }
#endif
