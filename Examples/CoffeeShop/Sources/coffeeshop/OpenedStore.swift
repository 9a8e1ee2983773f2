import Harbor
import HarborStores
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
    /// The backends that take credentials (servers, databases), with their roles, so a refusal
    /// names the side that refused.
    var sides: [StoreSide] = []
    /// The mirror, when `store` is one: the migration commands steer it.
    var mirror: MirroredStore?
    /// The fallback, when `store` is one: `status` asks it what waits.
    var fallback: FallbackStore?
    /// Whether the command only reads: a mirror then copies nothing as the command ends.
    var readsOnly = false

    /// Runs `body` while the store's services run; stops them (and waits for them to stop) when
    /// `body` returns or throws, so connections are closed before the command exits.
    /// - Throws: what `body` throws, a refusal of credentials as a ``StoreCredentialsError``
    ///   naming the side that refused; after `body`, the secondary's refusal to take a mirror's copy.
    func whileRunning<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask {
                    // A service's failure reaches the command as the store's own errors.
                    try? await service.run()
                }
            }
            defer { group.cancelAll() }
            let result: T
            do {
                result = try await body()
            } catch {
                mirror?.stop()
                throw StoreCredentialsError.explaining(error, sides: sides)
            }
            try await settle()
            return result
        }
    }

    /// Gives a mirror's copy to the secondary a few seconds to finish before the command exits,
    /// so the new backend is current at once in the usual case; what is not copied by then stays
    /// in the journal, and the next command (or `sync`, or `migrate`) copies it. A command that
    /// only reads copies nothing.
    /// - Throws: ``StoreCredentialsError`` when the secondary refuses the credentials: the copy
    ///   waits in the journal, but nothing will take it until they are fixed.
    private func settle() async throws {
        guard let mirror else { return }
        defer { mirror.stop() }
        if readsOnly { return }
        let failure = await withTaskGroup(of: (any Error)?.self) { group in
            group.addTask {
                do {
                    _ = try await mirror.replayBacklog()
                    return nil
                } catch {
                    return error
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(3))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let failure, case StoreError.unauthorized? = failure as? StoreError {
            throw StoreCredentialsError.explaining(failure, sides: sides, afterWrite: true)
        }
    }
}
