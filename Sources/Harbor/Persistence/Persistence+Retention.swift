import Logging

extension Persistence {
    /// How many outbox positions pass between two prunes: a commit prunes when it crosses a multiple.
    static let pruneEvery: Int64 = 1_000

    /// The default error handler: logs conflicts at `debug` (they are retried), an
    /// ``ExpectedError`` at `notice`, a cancellation at `debug`, and others at `error`.
    public static let logError: ErrorHandler = { error in
        let logger = Logger(label: "harbor.persistence")
        if (error as? StoreError)?.isConflict == true {
            logger.debug("unit of work conflicted: \(error)")
        } else {
            logger.log(level: .failure(error), "unit of work failed: \(error)")
        }
    }

    /// Prunes the outbox per ``outboxRetention`` when this commit's events crossed a multiple of
    /// ``pruneEvery`` positions: one cheap range delete per thousand events, after the commit.
    ///
    /// The commit is final by then, so a failure to prune is logged and never reaches the caller.
    func pruneOutboxIfDue(after receipt: CommitReceipt, eventCount: Int) async {
        guard case .keepLast(let count, let otherSubscribers) = outboxRetention,
            let last = receipt.lastEventPosition, eventCount > 0
        else { return }
        let first = last - Int64(eventCount) + 1
        guard (first - 1) / Self.pruneEvery != last / Self.pruneEvery else { return }
        do {
            // Every subscriber with a stored position counts, so that no process's relay loses events.
            var lowest = min(last, try await store.subscriberPositions().values.min() ?? last)
            for name in otherSubscribers { lowest = min(lowest, try await store.position(ofSubscriber: name)) }
            let through = lowest - Int64(count)
            if through > 0 { _ = try await store.pruneEvents(through: through) }
        } catch {
            Logger(label: "harbor.persistence").error("pruning the outbox failed: \(error)")
        }
    }
}
