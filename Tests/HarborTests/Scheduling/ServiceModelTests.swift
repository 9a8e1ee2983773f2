import Harbor
import HarborTestSupport
import HarborTesting
import Testing

/// Idempotent and scheduled runs driven by random sequences against a model of what the user
/// expects (`ServiceModel`), on the in-memory store; HarborSQLiteTests runs it on a file.
@Suite("Idempotent and scheduled runs: model-based")
struct ServiceModelTests {
    @Test("300 seeded sequences of 40 steps agree with the model; a failure is shrunk and shown")
    func sequences() async throws {
        for seed in UInt64(1)...300 {
            var generator = SeededGenerator(seed: seed)
            let steps = ServiceModel.steps(40, using: &generator)
            guard let disagreement = try await ServiceModel.run(steps, on: { InMemoryStore() }) else { continue }
            let shrunk = try await ServiceModel.shrink(steps, on: { InMemoryStore() })
            Issue.record(
                """
                seed \(seed): \(disagreement)
                shrunk to \(shrunk.count) steps:
                \(shrunk.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                """)
            return
        }
    }

    @Test("the model itself sees a run that answers twice for one key")
    func modelCatchesDoubleRuns() async throws {
        // Without the idempotency middleware's promise, a repeated key makes a second payment:
        // the model must say so, or the sequences above prove nothing.
        let steps: [ServiceModel.Step] = [
            .charge(key: 1, process: 0), .advance(seconds: 601), .charge(key: 1, process: 1),
        ]
        #expect(try await ServiceModel.run(steps, on: { InMemoryStore() }) == nil)
        let broken: [ServiceModel.Step] = [.charge(key: 1, process: 0), .charge(key: 1, process: 1)]
        #expect(try await ServiceModel.run(broken, on: { ExpiringResults(base: InMemoryStore()) }) != nil)
    }
}

/// A store that forgets every idempotency result: what a broken middleware or store would do.
private struct ExpiringResults: ForwardingStore {
    let base: any Store

    func document(at key: DocumentKey) async throws -> StoredDocument? {
        key.collection == "harbor-idempotency" ? nil : try await base.document(at: key)
    }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        let kept = changeSet.changes.filter { $0.key.collection != "harbor-idempotency" }
        return try await base.commit(
            ChangeSet(changes: kept, events: changeSet.events, expectedReads: changeSet.expectedReads))
    }
}
