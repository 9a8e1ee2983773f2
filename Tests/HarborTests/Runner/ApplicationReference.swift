import Harbor
import Synchronization

/// A weak reference to the application its services belong to, set once it is composed.
final class ApplicationReference: Sendable {
    private struct Weak {
        weak var app: UseCaseRunner<RunnerServices>?
    }

    /// The application was released, or never set.
    struct Gone: Error {}

    private let storage = Mutex(Weak())

    func set(_ app: UseCaseRunner<RunnerServices>) {
        storage.withLock { $0.app = app }
    }

    /// The application.
    /// - Throws: ``Gone`` when it was released or never set.
    func get() throws -> UseCaseRunner<RunnerServices> {
        guard let app = storage.withLock({ $0.app }) else { throw Gone() }
        return app
    }
}
