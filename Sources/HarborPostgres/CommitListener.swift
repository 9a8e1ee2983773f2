import Foundation
import Harbor
import Logging
import PostgresNIO
import Synchronization

/// One LISTEN connection per store, shared by every stream of ``PostgresStore/commitSignals()``.
///
/// It connects when the first stream is made and closes when the last one is dropped. When the
/// connection is lost (a server restart), it connects again with a growing delay (at most 5 s)
/// and signals once it listens again, since commits may have happened in between.
final class CommitListener: Sendable {
    /// The channel every commit of the store notifies.
    let channel: String
    private let configuration: PostgresStore.Configuration
    private let logger: Logger
    private let state = Mutex(State())

    private struct State {
        var streams: [UUID: AsyncStream<Void>.Continuation] = [:]
        var task: Task<Void, Never>?
    }

    init(configuration: PostgresStore.Configuration, channel: String, logger: Logger) {
        self.configuration = configuration
        self.channel = channel
        self.logger = logger
    }

    deinit {
        state.withLock { $0.task?.cancel() }
    }

    /// A new stream of signals; dropping it stops watching once no other stream is left.
    func stream() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        state.withLock { state in
            state.streams[id] = continuation
            if state.task == nil {
                state.task = Task { [weak self] in await self?.listen() }
            }
        }
        return stream
    }

    private func remove(_ id: UUID) {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.streams[id] = nil
            guard state.streams.isEmpty else { return nil }
            defer { state.task = nil }
            return state.task
        }
        task?.cancel()
    }

    private func broadcast() {
        for continuation in state.withLock({ Array($0.streams.values) }) { continuation.yield() }
    }

    /// Listens until cancelled, reconnecting after failures.
    private func listen() async {
        // Tries until cancelled: 100 ms after the first failure, doubling up to 5 s.
        let reconnect = Backoff(maxAttempts: .max, initialDelay: .milliseconds(100), maxDelay: .seconds(5))
        var failures = 0
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: PostgresStore.connectionConfiguration(configuration), id: 1, logger: logger)
                try await withTaskCancellationHandler {
                    try await connection.listen(on: channel) { notifications in
                        failures = 0
                        broadcast()
                        for try await _ in notifications { broadcast() }
                    }
                } onCancel: {
                    connection.close().whenComplete { _ in }
                }
                try? await connection.close()
            } catch {
                if Task.isCancelled { return }
                let delay = reconnect.delay(after: failures + 1)
                logger.warning(
                    "HarborPostgres: listening for commits on \(configuration) failed; trying again in \(delay)",
                    metadata: ["error": "\(type(of: error))"])
            }
            failures += 1
            do {
                try await Task.sleep(for: reconnect.delay(after: failures))
            } catch {
                return
            }
        }
    }
}
