#if canImport(Glibc)
    import Glibc
    import Synchronization

    /// A thread of its own that waits, with `poll(2)`, for an ``Inotify`` instance to have records
    /// to read or for a deadline to pass, and calls its handler for each: how Harbor and Word Counter
    /// read inotify.
    ///
    /// It replaces a dispatch read source. On Linux, registering and cancelling dispatch read
    /// sources while others do the same corrupts libdispatch's epoll bookkeeping and crashes the
    /// process in `_dispatch_event_loop_drain` (swift-corelibs-libdispatch issue 949; it crashed a
    /// run of our test suite, where many stores open and close their commit signals at once). A
    /// thread blocked in `poll` registers nothing with libdispatch, so nothing can race.
    ///
    /// The thread holds the ``Inotify`` instance while it runs, so its descriptor stays open until
    /// the thread has stopped and the instance's other owners let it go. ``stop()`` (or releasing the
    /// ``PollingThread``) ends the thread; the handler is not called after `stop()` returns on the
    /// thread that called it, unless a call was already under way.
    package final class PollingThread: Sendable {
        /// Why the handler is called.
        package enum Wake: Sendable {
            /// The descriptor has something to read: read it until it has nothing more.
            case readable
            /// The deadline the handler last asked for has passed.
            case deadline
        }

        /// What the thread and its owner share: the instance read and the wake pipe, closed when
        /// both are done.
        private final class Loop: Sendable {
            let source: Inotify
            /// A pipe: ``PollingThread/stop()`` writes a byte to its second end, the thread polls its first.
            let wake: (Int32, Int32)
            let handler: @Sendable (Wake) -> ContinuousClock.Instant?
            let stopped = Atomic(false)

            init(
                source: Inotify, wake: (Int32, Int32),
                handler: @escaping @Sendable (Wake) -> ContinuousClock.Instant?
            ) {
                self.source = source
                self.wake = wake
                self.handler = handler
            }

            deinit {
                close(wake.0)
                close(wake.1)
            }

            func run() {
                var deadline: ContinuousClock.Instant?
                while !stopped.load(ordering: .acquiring) {
                    if let due = deadline, ContinuousClock.now >= due {
                        deadline = handler(.deadline)
                        continue
                    }
                    var waits = [
                        pollfd(fd: source.descriptor, events: Int16(POLLIN), revents: 0),
                        pollfd(fd: wake.0, events: Int16(POLLIN), revents: 0),
                    ]
                    let ready = poll(&waits, 2, Self.milliseconds(until: deadline))
                    if ready < 0 {
                        if errno == EINTR { continue }
                        return  // EFAULT, EINVAL or ENOMEM: nothing more can be waited for
                    }
                    if waits[1].revents != 0 || stopped.load(ordering: .acquiring) { return }
                    if waits[0].revents & Int16(POLLIN) != 0 {
                        if let next = handler(.readable) { deadline = next }
                    } else if waits[0].revents != 0 {
                        return  // POLLERR, POLLHUP or POLLNVAL: the descriptor can no longer be read
                    }
                }
            }

            /// `poll`'s timeout: whole milliseconds rounded up, -1 to wait without end.
            private static func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
                guard let deadline else { return -1 }
                let (seconds, attoseconds) = ContinuousClock.now.duration(to: deadline).components
                guard seconds >= 0, attoseconds >= 0 else { return 0 }
                let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
                return Int32(clamping: milliseconds)
            }
        }

        private let loop: Loop

        private init(loop: Loop) {
            self.loop = loop
        }

        deinit {
            stop()
        }

        /// Starts a thread that calls `handler` on it with
        /// ``Wake/readable`` whenever `source` has records to read, and with ``Wake/deadline`` when
        /// the instant the handler last answered has passed (nil: none wanted; an answer of nil after
        /// ``Wake/readable`` keeps the earlier deadline).
        ///
        /// Answers nil when no thread can be started.
        static func start(
            reading source: Inotify,
            handler: @escaping @Sendable (Wake) -> ContinuousClock.Instant?
        ) -> PollingThread? {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            let loop = Loop(source: source, wake: (ends[0], ends[1]), handler: handler)
            let context = Unmanaged.passRetained(loop).toOpaque()
            var thread = pthread_t()
            let created = pthread_create(
                &thread, nil,
                { context in
                    guard let context else { return nil }
                    Unmanaged<Loop>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, context)
            guard created == 0 else {
                Unmanaged<Loop>.fromOpaque(context).release()
                return nil
            }
            pthread_detach(thread)
            return PollingThread(loop: loop)
        }

        /// Ends the thread: it returns from its wait and calls the handler no more.
        package func stop() {
            guard !loop.stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
            var byte: UInt8 = 1
            _ = write(loop.wake.1, &byte, 1)
        }
    }
#endif
