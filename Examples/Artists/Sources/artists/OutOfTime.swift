import Artists
import HarborHTTP

/// A command whose call of the API passed the `--timeout` deadline, with what to do about it.
struct OutOfTime: Error, CustomStringConvertible {
    /// What failed: the call's error, or the sync it stopped.
    let cause: any Error

    /// Wraps `error` when it is, or a sync stopped by, a call that ran out of time; nil otherwise.
    init?(_ error: any Error) {
        let call = (error as? HTTPServiceError) ?? (error as? SyncFailure)?.cause
        guard let call, call.passedDeadline else { return nil }
        self.cause = error
    }

    var description: String { "\(cause); give it more time with --timeout SECONDS" }
}
