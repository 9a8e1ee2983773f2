import Harbor
import ServiceLifecycle

/// A store opened for one command: the port the orders are kept through, what must run while it
/// is used, and — for a mirror or a fallback — the store itself, for the commands that steer it.
struct OpenedStore: Sendable {
    /// The port.
    let store: any Store
    /// What the store is, for a person to read ("SQLite database orders.sqlite").
    let description: String
    /// Services that must run while the store is used: a PostgreSQL store drives its connection
    /// pool in `run()`.
    var services: [any Service] = []

    /// Runs `body` while the store's services run; stops them (and waits for them to stop) when
    /// `body` returns or throws, so connections are closed before the command exits.
    func whileRunning<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask {
                    // A service's failure reaches the command as the store's own errors.
                    try? await service.run()
                }
            }
            defer { group.cancelAll() }
            return try await body()
        }
    }
}

extension OpenedStore {
    /// What `status` prints beyond the orders: for a mirror its backlog, for a fallback whether
    /// it is online and what waits.
    func statusLines() async throws -> [String] { [] }
}
