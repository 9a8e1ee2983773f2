import Foundation
import Harbor
import HarborSQLite

/// A sequence's next value against a one-document commit, both on one SQLite file in the same
/// run: what `nextValue(of:)` costs beside the unit of work it numbers (issue 28; target ≤ 0.5).
enum SequenceBenchmark {
    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harbor-bench-sequence-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await nextVersusCommit(in: folder)
    }

    /// 2,000 values of one sequence ÷ 2,000 updates of one of 100 documents, each its own commit,
    /// on the same `SQLiteStore`; the median of 9 rounds' own ratios (the two halves of a round
    /// a moment apart, under the same load).
    static func nextVersusCommit(in folder: URL) async throws {
        let operations = 2_000
        let store = try SQLiteStore(path: folder.appendingPathComponent("sequence.sqlite").path)
        let keys = (0..<100).map { DocumentKey(collection: "orders", id: "order-\($0)") }
        let body = Data(#"{"customer":"customer-7","items":3,"total":1250}"#.utf8)
        try await store.prepare(CollectionSchema(name: "orders", indexedFields: ["customer"]))
        _ = try await store.commit(
            ChangeSet(changes: keys.map { .insert($0, body: body, fields: ["customer": .string("customer-7")]) }))
        var versions = [Int64](repeating: 1, count: keys.count)
        var last: Int64 = 0
        let (commit, next, ratio) = try await Measure.paired(rounds: 9) {
            try await Measure.nanoseconds(operations: operations) {
                for number in 0..<operations {
                    let slot = number % keys.count
                    let receipt = try await store.commit(
                        ChangeSet(changes: [
                            .update(
                                keys[slot], expectedVersion: versions[slot], body: body,
                                fields: ["customer": .string("customer-7")])
                        ]))
                    versions[slot] = receipt.versions[keys[slot]] ?? versions[slot] + 1
                }
            }
        } candidate: {
            try await Measure.nanoseconds(operations: operations) {
                for _ in 0..<operations { last = try await store.nextValue(of: "order-numbers") }
            }
        }
        blackHole(last)
        Measure.report("sequence_next_us", next / 1_000)
        Measure.report("sequence_commit_us", commit / 1_000)
        Measure.report("sequence_next_vs_commit", ratio)
    }
}
