#if canImport(Glibc)
    import Dispatch
    import Glibc
    import Synchronization

    /// Watches a folder with inotify and signals whenever one of its files is written, created or
    /// renamed into it, by this process or any other: the commit signals of the file-based stores.
    ///
    /// A store's commit may become visible to readers a moment after its last write (SQLite updates
    /// its shared WAL index after writing the log), so each burst of writes is followed by a
    /// second, trailing signal `settle` later: a reader that looked too early looks again.
    package final class FolderWatch: Sendable {
        private struct State {
            var source: (any DispatchSourceRead)?
            var trailingScheduled = false
        }

        private let descriptor: Int32
        private let names: Set<String>?
        private let continuation: AsyncStream<Void>.Continuation
        private let queue = DispatchQueue(label: "Harbor.commit-signals")
        private let settle: DispatchTimeInterval
        private let state = Mutex(State())

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
            let milliseconds = settle.components.seconds * 1000 + settle.components.attoseconds / 1_000_000_000_000_000
            let watch = FolderWatch(
                descriptor: descriptor, names: names, continuation: continuation,
                settle: .milliseconds(Int(max(1, milliseconds))))
            continuation.onTermination = { _ in watch.stop() }
            watch.start()
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
            descriptor: Int32, names: Set<String>?, continuation: AsyncStream<Void>.Continuation,
            settle: DispatchTimeInterval
        ) {
            self.descriptor = descriptor
            self.names = names
            self.continuation = continuation
            self.settle = settle
        }

        private func start() {
            let descriptor = descriptor
            let queue = queue
            state.withLock { state in
                let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
                source.setEventHandler { [self] in readEvents() }
                source.setCancelHandler { close(descriptor) }
                state.source = source
                source.resume()
            }
        }

        private func stop() {
            state.withLock { state in
                state.source?.cancel()
                state.source = nil
            }
        }

        /// Reads every waiting record (the descriptor does not block) and signals once if any is ours.
        private func readEvents() {
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
            guard relevant else { return }
            continuation.yield()
            let schedule = state.withLock { state in
                defer { state.trailingScheduled = true }
                return !state.trailingScheduled
            }
            guard schedule else { return }
            queue.asyncAfter(deadline: .now() + settle) { [self] in
                state.withLock { $0.trailingScheduled = false }
                continuation.yield()
            }
        }
    }
#endif
