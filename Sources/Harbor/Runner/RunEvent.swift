/// What happens to a run, in order: started, any number of progress reports, then one ending.
///
/// Every run that starts ends with exactly one of ``finished(_:)``, ``failed(_:_:)`` or
/// ``cancelled(_:)``. A run cancelled before it started reports only ``cancelled(_:)``.
public enum RunEvent: Sendable {
    /// The run got its turn on its lane and is executing.
    case started(RunInfo)
    /// The use case reported progress.
    case progress(RunInfo, RunProgress)
    /// The use case returned a result.
    case finished(RunInfo)
    /// The use case threw an error other than cancellation.
    case failed(RunInfo, any Error)
    /// The run was cancelled; its caller got `CancellationError`.
    case cancelled(RunInfo)

    /// The run this event is about.
    public var info: RunInfo {
        switch self {
        case .started(let info), .progress(let info, _), .finished(let info), .failed(let info, _),
            .cancelled(let info):
            info
        }
    }
}
