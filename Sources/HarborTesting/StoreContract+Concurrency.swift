import Harbor

// Commits racing from many tasks: optimistic concurrency must never lose an update.
extension StoreContract {
    /// How many tasks race in each concurrency check.
    static let racers = 16

    /// Runs `commit` from ``racers`` tasks at once and returns each task's outcome, by task index.
    static func race(
        _ commit: @escaping @Sendable (Int) async throws -> CommitReceipt
    ) async -> [Int: Result<CommitReceipt, any Error>] {
        await withTaskGroup(of: (Int, Result<CommitReceipt, any Error>).self) { group in
            for index in 0..<racers {
                group.addTask {
                    do {
                        return (index, .success(try await commit(index)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var outcomes: [Int: Result<CommitReceipt, any Error>] = [:]
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes
        }
    }

    /// The indexes of the tasks that succeeded; fails on any error other than `allowed`.
    static func winners(
        _ outcomes: [Int: Result<CommitReceipt, any Error>],
        losingWith allowed: StoreError?
    ) throws -> [Int] {
        var winners: [Int] = []
        for (index, outcome) in outcomes.sorted(by: { $0.key < $1.key }) {
            switch outcome {
            case .success: winners.append(index)
            case .failure(let error as StoreError) where error == allowed: continue
            case .failure(let error): throw ContractViolation(message: "task \(index) failed with \(error)")
            }
        }
        return winners
    }

    static func concurrencyChecks() -> [Check] {
        [
            Check("concurrent updates from the same version: exactly one wins, the others are stale") { store in
                let key = itemKey("contended")
                try await commit(store, [insert(key, "start")])
                let outcomes = await race { index in
                    try await commit(store, [update(key, from: 1, "task \(index)")], events: [event("task \(index)")])
                }
                let won = try winners(outcomes, losingWith: .stale(key, expected: 1, actual: 2))
                try expectEqual(won.count, 1, "tasks whose update won")
                let winner = won[0]
                try expectEqual(try await store.document(at: key)?.version, 2, "version after the race")
                try expectEqual(try await title(at: key, in: store), "task \(winner)", "body after the race")
                try expectEqual(try await eventLabels(in: store), ["task \(winner)"], "events after the race")
            },
            Check("concurrent inserts of one key: exactly one wins, the others are duplicates") { store in
                let key = itemKey("claimed")
                let outcomes = await race { index in
                    try await commit(store, [insert(key, "task \(index)")], events: [event("task \(index)")])
                }
                let won = try winners(outcomes, losingWith: .duplicate(key))
                try expectEqual(won.count, 1, "tasks whose insert won")
                try expectEqual(try await title(at: key, in: store), "task \(won[0])", "body after the race")
                try expectEqual(try await eventLabels(in: store), ["task \(won[0])"], "events after the race")
            },
            Check("concurrent commits of different documents all succeed with distinct event positions") { store in
                let outcomes = await race { index in
                    try await commit(
                        store, [insert(itemKey("doc-\(index)"), "task \(index)")],
                        events: [event("task \(index) first"), event("task \(index) second")])
                }
                let won = try winners(outcomes, losingWith: nil)
                try expectEqual(won.count, racers, "commits that succeeded")
                let stored = try await store.events(after: 0, limit: 1_000)
                try expectEqual(stored.count, 2 * racers, "events stored")
                try expectEqual(Set(stored.map(\.position)).count, 2 * racers, "distinct positions")
                let labels = try await eventLabels(in: store)
                for index in 0..<racers {
                    let first = labels.firstIndex(of: "task \(index) first")
                    let second = labels.firstIndex(of: "task \(index) second")
                    try expect(
                        first.map { $0 + 1 } == second,
                        "the events of one commit are not adjacent and in order: \(labels)")
                }
                for index in 0..<racers {
                    try expectEqual(
                        try await title(at: itemKey("doc-\(index)"), in: store), "task \(index)", "doc-\(index)")
                }
            },
        ]
    }
}
