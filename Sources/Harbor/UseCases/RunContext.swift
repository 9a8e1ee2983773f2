/// What a running use case can see of its run: who it is, how to report progress, how to run others.
public struct RunContext: Sendable {
    /// This run's identifier.
    public let id: RunID
    /// The lane it runs on.
    public let lane: Lane
    let useCaseType: any UseCase.Type
    let runner: UseCaseRunner

    init(id: RunID, lane: Lane, useCaseType: any UseCase.Type, runner: UseCaseRunner) {
        self.id = id
        self.lane = lane
        self.useCaseType = useCaseType
        self.runner = runner
    }

    /// The use case's type name, as logs and observers show it.
    public var useCaseName: String { String(describing: useCaseType) }

    /// Tells observers how far the run has come.
    public func reportProgress(_ progress: RunProgress) {
        runner.emit(.progress(info, progress))
    }

    /// Tells observers how far the run has come.
    public func reportProgress(completed: Int, total: Int? = nil, message: String? = nil) {
        reportProgress(RunProgress(completed: completed, total: total, message: message))
    }

    /// Throws `CancellationError` when the run was cancelled: call it where stopping is safe.
    public func checkCancellation() throws {
        try Task.checkCancellation()
    }

    /// Runs another use case as part of this one.
    ///
    /// A nested use case on the lane this run holds runs at once, inside this run's turn, so a
    /// serial lane never waits for itself.
    public func run<U: UseCase>(_ useCase: U, on lane: Lane? = nil) async throws -> U.Output {
        try await runner.run(useCase, on: lane)
    }

    /// The run as observers see it.
    public var info: RunInfo { RunInfo(id: id, useCaseName: useCaseName, lane: lane) }
}
