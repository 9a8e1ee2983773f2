import Foundation
import Logging
import ServiceLifecycle
import UnixSignals

/// The services a command's composition needs running while the command runs — a
/// ``PostgresStore`` drives its connection pool in `run()` — in a `ServiceGroup` that the command
/// owns and that ends with it.
///
/// A command makes one with ``run(interruptible:_:)`` and hands it to the composition root
/// (``GlobalOptions/app(readingOnly:in:)``), which starts each store that needs running with
/// ``start(_:)``; so does ``CopyTarget`` for the store a copy writes into. There is no shared
/// instance: a scope exists only while its command's body runs, and whatever it started is
/// stopped when that body ends.
///
/// Ending, in order:
/// 1. The body returns or throws. An interruptible body (every command but `serve` and `watch`,
///    whose own service groups stop gracefully on SIGTERM and SIGINT) is also cancelled by the
///    first SIGINT or SIGTERM: its use case sees `CancellationError` at its next suspension point,
///    the batches it committed stay committed, and the scope then throws ``CommandInterrupted``.
///    A second signal ends the process at once.
/// 2. The group shuts down gracefully, the services started last first: each store's run ends and
///    its connections close, so the server sees each session end and no connection outlives the
///    command.
final class ServiceScope: Sendable {
    private let group: ServiceGroup

    private init(logger: Logger) {
        // The group starts with a service that only waits for the shutdown: a group with no
        // services ends as soon as it runs, and a store may be started at any time before that.
        group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [Hold()], logger: logger))
    }

    /// Runs `body` with a new scope, then stops whatever was started in it and waits for that.
    ///
    /// - Parameter interruptible: SIGINT and SIGTERM cancel `body` (see the type's discussion);
    ///   false for a command that handles them itself.
    /// - Throws: what `body` throws, or ``CommandInterrupted`` when a signal cancelled it.
    static func run<Result: Sendable>(
        interruptible: Bool = true,
        _ body: @escaping @Sendable (ServiceScope) async throws -> Result
    ) async throws -> Result {
        let scope = ServiceScope(logger: ProductionServices.logger(verbose: false))
        return try await withThrowingTaskGroup(of: Void.self) { services in
            services.addTask { try await scope.group.run() }
            // Trapped before the work starts: a signal from then on is the scope's, never the
            // default action that would end the process with the store's connections open.
            let signals = interruptible ? await UnixSignalsSequence(trapping: .sigint, .sigterm) : nil
            let work = Task { try await body(scope) }
            let signal = await withTaskCancellationHandler {
                await Self.finish(work, signals: signals)
            } onCancel: {
                work.cancel()
            }
            await scope.group.triggerGracefulShutdown()
            try await services.waitForAll()
            do {
                return try await work.value
            } catch {
                if let signal { throw CommandInterrupted(signal: signal.rawValue) }
                throw error
            }
        }
    }

    /// Runs `service` until the scope ends. A service that ends early, or fails (it logs its own
    /// failure; the command meets it as the store's errors), leaves the others running.
    func start(_ service: any Service) async {
        await group.addServiceUnlessShutdown(
            ServiceGroupConfiguration.ServiceConfiguration(
                service: service, successTerminationBehavior: .ignore, failureTerminationBehavior: .ignore))
    }

    /// Waits for `work` to end; the first of `signals` meanwhile cancels it and a second one exits
    /// the process. Answers the signal that cancelled it, if any.
    private static func finish<Result: Sendable>(
        _ work: Task<Result, any Error>, signals: UnixSignalsSequence?
    ) async -> UnixSignal? {
        await withTaskGroup(of: UnixSignal?.self) { listener in
            if let signals {
                listener.addTask {
                    // Listens until the work has ended (the iteration ends when the task is cancelled).
                    var first: UnixSignal?
                    for await signal in signals {
                        guard first == nil else { exit(128 + signal.rawValue) }
                        first = signal
                        work.cancel()
                    }
                    return first
                }
            }
            _ = await work.result
            listener.cancelAll()
            return await listener.next() ?? nil
        }
    }

    /// Holds the group open until it shuts down.
    private struct Hold: Service {
        func run() async throws {
            try await gracefulShutdown()
        }
    }
}
