import Harbor
import HarborTestSupport
import HarborTesting
import Testing

/// The metrics every persistence records of its commits.
@Suite("Persistence: commit metrics")
struct CommitMetricsTests {
    /// A store type no other test uses, so the recorded metrics are this test's alone.
    struct MeteredStore: ForwardingStore {
        let base: any Store
    }

    typealias Account = PersistenceFixture.Account

    @Test("commits, conflicts and commit durations are recorded with the store's type")
    func recorded() async throws {
        let metrics = MetricsRecording.shared
        let persistence = Persistence(store: MeteredStore(base: InMemoryStore()), errorHandler: { _ in })
        let dimensions = [("store", "MeteredStore")]
        for id in ["1", "2"] {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).add(Account(id: id, owner: "ann", balance: 0))
            }
        }
        await #expect(throws: StoreError.self) {
            try await persistence.perform { unitOfWork in
                try unitOfWork.repository(Account.self).add(Account(id: "1", owner: "bob", balance: 0))
            }
        }
        #expect(metrics.counterTotal(label: "harbor_store_commits", dimensions: dimensions) == 2)
        #expect(metrics.counterTotal(label: "harbor_store_conflicts", dimensions: dimensions) == 1)
        let timer = try metrics.expectTimer("harbor_store_commit_duration", dimensions)
        #expect(timer.values.count == 2)
    }
}
