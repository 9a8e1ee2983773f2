import Harbor
import HarborTestSupport

/// What the runner tests' use cases are given: where they record what they did, and the gates
/// that hold them; a fresh set per application, so tests never share state.
struct RunnerServices: Sendable {
    /// The numbers `Append` ran with, in the order it ran.
    let log = Collected<Int>()
    /// How many `Append` and `Gather` runs were inside `execute` at once.
    let gauge = ConcurrencyGauge()
    /// Where `Gather` runs wait for each other.
    let rendezvous = Rendezvous()
    /// Where `Block` and `SubmitsAnother` wait until the test opens it.
    let gate = Gate()
    /// Opened by `LongRunning` and `SubmitsAnother` once they run.
    let started = Gate()
    /// One entry per attempt of `FailsAtFirst`.
    let attempts = Collected<Int>()
    /// The keys `Refresh` executed with.
    let executions = Collected<Int>()
    /// The application itself, for use cases that call it directly rather than through their
    /// context, as a service wrapping the application would.
    let application = ApplicationReference()

    /// A new application over new services, with `middleware` around every run.
    static func application(middleware: [any UseCaseMiddleware] = []) -> UseCaseRunner<RunnerServices> {
        let app = UseCaseRunner(services: RunnerServices(), middleware: middleware)
        app.services.application.set(app)
        return app
    }
}
