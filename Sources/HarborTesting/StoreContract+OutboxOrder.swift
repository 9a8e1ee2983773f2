import Foundation
import Harbor
import Synchronization

// Outbox positions must become visible in order: a reader that resumes after the last position it
// saw must never skip one that commits later (as a sequence-numbered outbox does when a
// transaction that took 8 commits after one that took 9).
extension StoreContract {
    static func outboxOrderChecks() -> [Check] {
        [
            Check("a reader that resumes after the last position it saw, while commits race, misses no event") {
                store in
                let commitsPerTask = 12
                let done = FinishedTasks()
                let seen = try await withThrowingTaskGroup(of: [String]?.self) { group in
                    for task in 0..<racers {
                        group.addTask {
                            for index in 0..<commitsPerTask {
                                try await commit(
                                    store, [insert(itemKey("order-\(task)-\(index)"), "t")],
                                    events: [event("\(task)-\(index)")])
                            }
                            done.finishOne()
                            return nil
                        }
                    }
                    group.addTask {
                        // Reads as a relay does, while the writers run, then once more after them.
                        var last: Int64 = 0
                        var labels: [String] = []
                        var finished = false
                        while !finished {
                            finished = done.count == racers
                            let batch = try await store.events(after: last, limit: 1_000)
                            for stored in batch {
                                guard stored.position > last else {
                                    throw ContractViolation(
                                        message: "position \(stored.position) came after \(last): not in order")
                                }
                                last = stored.position
                            }
                            labels += try batch.map { stored in
                                try eventLabels(of: [stored])[0]
                            }
                            if batch.isEmpty { await Task.yield() }
                        }
                        return labels
                    }
                    var seen: [String] = []
                    for try await labels in group { if let labels { seen = labels } }
                    return seen
                }
                let all = try await eventLabels(in: store)
                try expectEqual(all.count, racers * commitsPerTask, "events committed")
                let missed = Set(all).subtracting(seen)
                try expect(
                    missed.isEmpty,
                    "a reader resuming after the last position it saw never saw \(missed.count) events, "
                        + "which became visible behind a later position: \(missed.sorted().prefix(5))")
                try expectEqual(seen.count, all.count, "events the reader saw")
            }
        ]
    }

    /// The labels of `events`, in their order.
    static func eventLabels(of events: [StoredEvent]) throws -> [String] {
        try events.map { stored in
            guard let payload = try? JSONDecoder().decode(EventPayload.self, from: stored.event.payload) else {
                throw ContractViolation(message: "the payload of the event at \(stored.position) did not come back")
            }
            return payload.label
        }
    }
}

/// How many writer tasks of a check have finished; shared with the reader task.
private final class FinishedTasks: Sendable {
    private let finished = Atomic<Int>(0)

    func finishOne() { finished.add(1, ordering: .sequentiallyConsistent) }
    var count: Int { finished.load(ordering: .sequentiallyConsistent) }
}
