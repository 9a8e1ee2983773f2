package import Logging

extension Logger.Level {
    /// The level Harbor's default error handlers log `error` at: `debug` for a cancellation,
    /// `notice` for an expected ``ExpectedError``, `error` for anything else.
    package static func failure(_ error: any Error) -> Logger.Level {
        if error is CancellationError { return .debug }
        if let expected = error as? any ExpectedError, expected.isExpected { return .notice }
        return .error
    }
}
