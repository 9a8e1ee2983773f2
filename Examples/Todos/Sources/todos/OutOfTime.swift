import HarborHTTP

/// A call that passed the `--timeout` deadline, with what to do about it.
struct OutOfTime: Error, CustomStringConvertible {
    /// The failed call.
    let cause: HTTPServiceError

    /// Wraps `error` when it is a call that ran out of time; nil for any other error.
    init?(_ error: any Error) {
        guard let error = error as? HTTPServiceError, error.passedDeadline else { return nil }
        self.cause = error
    }

    var description: String { "\(cause); give it more time with --timeout SECONDS" }
}
