/// A clock of any type read as the time elapsed since the timekeeper was made, for components
/// that keep deadlines in their state (a backoff's end) and wait on the clock they were given.
///
/// `any Clock<Duration>` cannot hand out its instants without their type; an elapsed `Duration`
/// compares and adds like one, whatever the clock.
package struct Timekeeper: Sendable {
    /// The clock it reads and waits on.
    package let clock: any Clock<Duration>
    private let read: @Sendable () -> Duration

    /// Starts measuring on `clock` now.
    package init(_ clock: some Clock<Duration>) {
        let start = clock.now
        self.clock = clock
        self.read = { start.duration(to: clock.now) }
    }

    /// The time elapsed on the clock since the timekeeper was made.
    package func elapsed() -> Duration {
        read()
    }

    /// Waits `duration` on the clock; throws `CancellationError` when the task is cancelled.
    package func sleep(for duration: Duration) async throws {
        try await clock.sleep(for: duration)
    }

    /// Returns after `signal` is signalled, after `timeout` on the clock, or when the task is
    /// cancelled, whichever comes first.
    package func wait(on signal: WakeSignal, for timeout: Duration) async {
        await Self.wait(on: signal, for: timeout, clock: clock)
    }

    private static func wait(on signal: WakeSignal, for timeout: Duration, clock: some Clock<Duration>) async {
        await signal.wait(until: clock.now.advanced(by: timeout), on: clock)
    }
}
