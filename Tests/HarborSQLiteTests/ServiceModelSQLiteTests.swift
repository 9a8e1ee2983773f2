import Harbor
import HarborSQLite
import HarborTestSupport
import HarborTesting
import Testing

/// `ServiceModel`'s sequences of idempotent and scheduled runs on a real SQLite file.
@Suite("SQLiteStore: idempotent and scheduled runs, model-based")
struct ServiceModelSQLiteTests {
    @Test("40 seeded sequences of 30 steps on a SQLite file agree with the model; a failure is shrunk")
    func sequences() async throws {
        let folder = try TemporaryFolder()
        var files = 0
        let makeStore: () throws -> any Store = {
            files += 1
            return try SQLiteStore(path: folder.file("model-\(files).sqlite"))
        }
        for seed in UInt64(1)...40 {
            var generator = SeededGenerator(seed: seed)
            let steps = ServiceModel.steps(30, using: &generator)
            guard let disagreement = try await ServiceModel.run(steps, on: makeStore) else { continue }
            let shrunk = try await ServiceModel.shrink(steps, on: makeStore)
            Issue.record(
                """
                seed \(seed): \(disagreement)
                shrunk to \(shrunk.count) steps:
                \(shrunk.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                """)
            return
        }
    }
}
