import ServiceLifecycle
import Synchronization

/// The services a command's store needs running while the command runs (a ``PostgresStore``
/// drives its connection pool in `run()`), started by the composition root and stopped by `Main`
/// when the command ends, whether it succeeded or failed.
///
/// One per process, because the composition root that starts a store is reached from every
/// command through `GlobalOptions.app()`, while only `Main` knows when the command is over. Stopping
/// cancels each run and waits for it to end, so connections are closed before the process exits.
final class StoreRuns: Sendable {
    /// The process's runs.
    static let process = StoreRuns()

    private let tasks = Mutex<[Task<Void, Never>]>([])

    /// Runs `service` until ``stopAll()``; a run that fails is logged by its service.
    func start(_ service: any Service) {
        let task = Task {
            do {
                try await service.run()
            } catch {
                // The service logs its own failure; the command meets it as the store's errors.
            }
        }
        tasks.withLock { $0.append(task) }
    }

    /// Cancels every run and waits for each to end.
    func stopAll() async {
        let running = tasks.withLock { tasks in
            defer { tasks.removeAll() }
            return tasks
        }
        for task in running {
            task.cancel()
            await task.value
        }
    }
}
