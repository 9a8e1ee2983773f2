/// An error that says whether trying the same work again may succeed.
///
/// ``RetryMiddleware`` retries only errors that conform and answer `true`.
public protocol RetryableError: Error {
    /// True when a retry may succeed (a conflict, a dropped connection), false when it cannot.
    var isRetryable: Bool { get }
}
