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
    /// The mirror, when `store` is one: the migration commands steer it.
    var mirror: MirroredStore?
    /// The fallback, when `store` is one: `status` asks it what waits.
    var fallback: FallbackStore?

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
            let result = try await body()
            await settle()
            return result
        }
    }

    /// Gives a mirror's copy to the secondary a few seconds to finish before the command exits,
    /// so the new backend is current at once in the usual case; what is not copied by then stays
    /// in the backlog, durably, and the next command (or `migrate`) copies it.
    private func settle() async {
        guard let mirror else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = try? await mirror.replayBacklog() }
            group.addTask { try? await Task.sleep(for: .seconds(3)) }
            await group.next()
            group.cancelAll()
        }
        mirror.stop()
    }
}
