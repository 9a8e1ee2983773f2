/// How far ``UseCaseRunner/run(_:on:until:)-55533`` waits.
public enum RunCompletion: Sendable, Hashable {
    /// Until the use case has returned or thrown.
    case finished
    /// Until the use case and every asynchronous event handler its commits triggered — and the
    /// handlers those triggered, transitively — have finished: what a test or a command-line
    /// tool that exits afterwards wants.
    case handled
}
