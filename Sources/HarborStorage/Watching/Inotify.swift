#if canImport(Glibc)
    import Glibc

    /// One inotify instance: the wrapper that both of the package's watchers use, the file-based
    /// stores' commit signals (``FolderWatch``) and Word Counter's `InotifyMonitor`.
    ///
    /// It owns the descriptor (non-blocking, closed on exec) and closes it when released: after
    /// the reading thread, which holds the instance while it runs, has ended. It adds and removes
    /// watches, reads every waiting record (``readEvents()``), and starts the thread that waits for
    /// records (``startReading(handler:)``). What the records mean — which names matter, how a
    /// rename's halves pair, which new folders to watch — is its users' business.
    package final class Inotify: Sendable {
        /// Why inotify could not be used: the `errno` of the call that failed.
        package struct Failure: Error, CustomStringConvertible {
            /// The error number (`ENOSPC` when `fs.inotify.max_user_watches` is reached, `EMFILE`
            /// when `fs.inotify.max_user_instances` is).
            package let code: Int32

            /// The system's text for the error, such as "No space left on device".
            package var description: String { String(cString: strerror(code)) }
        }

        /// The descriptor, for the reading thread's `poll`.
        let descriptor: Int32

        /// Creates an instance.
        /// - Throws: ``Failure`` when the kernel refuses one (`fs.inotify.max_user_instances`
        ///   reached, or no inotify).
        package init() throws(Failure) {
            let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
            guard descriptor >= 0 else { throw Failure(code: errno) }
            self.descriptor = descriptor
        }

        deinit {
            close(descriptor)
        }

        /// Watches `path` for the events in `mask`; answers the watch's number, the one that
        /// ``InotifyEvent/watch`` carries. Watching a path already watched answers its number
        /// again and replaces its mask.
        /// - Throws: ``Failure`` (`ENOENT`, `EACCES`, `ENOTDIR` with `IN_ONLYDIR`, `ENOSPC`…).
        package func addWatch(_ path: UnsafePointer<CChar>, mask: UInt32) throws(Failure) -> Int32 {
            let watch = inotify_add_watch(descriptor, path, mask)
            guard watch >= 0 else { throw Failure(code: errno) }
            return watch
        }

        /// Stops watch `watch`; the kernel then sends its `IN_IGNORED` record.
        package func removeWatch(_ watch: Int32) {
            inotify_rm_watch(descriptor, watch)
        }

        /// Every record waiting, in the kernel's order; none when nothing is waiting (the descriptor
        /// does not block).
        ///
        /// Reads 64 KiB at a time into a buffer on the stack, until the kernel has nothing more.
        package func readEvents() -> [InotifyEvent] {
            var events: [InotifyEvent] = []
            withUnsafeTemporaryAllocation(byteCount: Self.bufferSize, alignment: 8) { buffer in
                while true {
                    let count = read(descriptor, buffer.baseAddress, buffer.count)
                    if count > 0 {
                        events += InotifyEvent.decode(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                        continue
                    }
                    if count < 0 && errno == EINTR { continue }
                    return  // EAGAIN: drained; anything else: nothing more to read now
                }
            }
            return events
        }

        /// Starts the thread that calls `handler` whenever records wait to be read, and when the
        /// deadline it last answered passes (see ``PollingThread/start(reading:handler:)``).
        /// Answers nil when no thread can be started.
        package func startReading(
            handler: @escaping @Sendable (PollingThread.Wake) -> ContinuousClock.Instant?
        ) -> PollingThread? {
            PollingThread.start(reading: self, handler: handler)
        }

        /// How much one `read` takes: room for about 2,000 records with names of 16 bytes.
        private static let bufferSize = 64 * 1024
    }
#endif
