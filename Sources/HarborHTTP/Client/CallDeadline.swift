/// The total deadline of one call (``HTTPServiceConfiguration/deadline``): when the call must
/// have its answer, every attempt and every wait between attempts included.
struct CallDeadline: Sendable {
    /// The deadline as configured, which an error names.
    let total: Duration
    /// The instant it passes.
    let end: ContinuousClock.Instant

    /// What is left of the deadline when that is less than `timeout` (an attempt must then stop
    /// sooner than its own timeout says), or nil when the whole timeout fits.
    func remaining(within timeout: Duration) -> Duration? {
        let left = end - ContinuousClock.now
        return left < timeout ? max(.zero, left) : nil
    }

    /// Whether waiting `delay` before another attempt still leaves time for it.
    func leavesRoom(for delay: Duration) -> Bool {
        ContinuousClock.now + delay < end
    }

    /// The error of a call that ran out of time: a timeout naming the total deadline.
    func passed<Request, Response>(_ prepared: PreparedCall, endpoint: Endpoint<Request, Response>) -> HTTPServiceError
    {
        var error = prepared.error(.timeout(after: total), endpoint: endpoint)
        error.passedDeadline = true
        return error
    }
}
