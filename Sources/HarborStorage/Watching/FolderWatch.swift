#if canImport(Glibc)
    import Glibc
    import Synchronization

    /// Watches a folder with inotify and signals whenever one of its files is written, created or
    /// renamed into it, by this process or any other: the commit signals of the file-based stores.
    ///
    /// A store's commit may become visible to readers a moment after its last write (SQLite updates
    /// its shared WAL index after writing the log), so each burst of writes is followed by a
    /// second, trailing signal `settle` later: a reader that looked too early looks again.
    package final class FolderWatch: Sendable {
        private let descriptor: Int32
        private let names: Set<String>?
        private let continuation: AsyncStream<Void>.Continuation
        private let settle: Duration
        /// When the trailing signal of the latest burst is due, while one is.
        private let trailing = Mutex<ContinuousClock.Instant?>(nil)

        /// A stream of signals for writes to the files named `names` in `folder` (any file when
        /// nil), or nil when inotify is unavailable (no instance or watch left, or none at all).
        package static func signals(
            folder: String, names: Set<String>?, settle: Duration = .milliseconds(15)
        ) -> AsyncStream<Void>? {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE)
            guard inotify_add_watch(descriptor, folder, mask) >= 0 else {
                close(descriptor)
                return nil
            }
            let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let watch = FolderWatch(
                descriptor: descriptor, names: names, continuation: continuation, settle: max(settle, .milliseconds(1)))
            // The thread holds the watch until the stream ends; it closes the descriptor then.
            guard
                let thread = PollingThread.start(
                    descriptor: descriptor, handler: { watch.wake($0) })
            else { return nil }
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
            descriptor: Int32, names: Set<String>?, continuation: AsyncStream<Void>.Continuation, settle: Duration
        ) {
            self.descriptor = descriptor
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

        /// Reads every waiting record (the descriptor does not block); answers whether any is ours.
        private func readEvents() -> Bool {
            var relevant = false
            var buffer = [UInt8](repeating: 0, count: 8192)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset + 16 <= count {
                        let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                        let end = min(count, offset + 16 + length)
                        let name = String(decoding: bytes[(offset + 16)..<end].prefix { $0 != 0 }, as: UTF8.self)
                        // A queue overflow lost records: one of them may have been a commit.
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 || names?.contains(name) ?? true { relevant = true }
                        offset = end
                    }
                }
            }
            return relevant
        }
    }
#endif
