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

    /// 2,000 values of one sequence against 2,000 commits of one document each on the same
    /// `SQLiteStore`: the insert of a new order (what a value numbers: `sequence_next_vs_commit`)
    /// and, for reference, the update of one of 100 existing orders, the cheapest commit there
    /// is (`sequence_next_vs_update`). Each ratio is the median of 9 rounds' own ratios (the two
    /// halves of a round a moment apart, under the same load).
    static func nextVersusCommit(in folder: URL) async throws {
        let operations = 2_000
        let store = try SQLiteStore(path: folder.appendingPathComponent("sequence.sqlite").path)
        let keys = (0..<100).map { DocumentKey(collection: "orders", id: "order-\($0)") }
        let body = Data(#"{"customer":"customer-7","items":3,"total":1250}"#.utf8)
        let fields: [String: FieldValue] = ["customer": .string("customer-7")]
        try await store.prepare(CollectionSchema(name: "orders", indexedFields: ["customer"]))
        _ = try await store.commit(ChangeSet(changes: keys.map { .insert($0, body: body, fields: fields) }))
        var versions = [Int64](repeating: 1, count: keys.count)
        var inserted = 0
        var last: Int64 = 0
        func values() async throws -> Double {
            try await Measure.nanoseconds(operations: operations) {
                for _ in 0..<operations { last = try await store.nextValue(of: "order-numbers") }
            }
        }
        let (insert, next, ratio) = try await Measure.paired(rounds: 9) {
            try await Measure.nanoseconds(operations: operations) {
                for _ in 0..<operations {
                    inserted += 1
                    let key = DocumentKey(collection: "orders", id: "new-\(inserted)")
                    _ = try await store.commit(ChangeSet(changes: [.insert(key, body: body, fields: fields)]))
                }
            }
        } candidate: {
            try await values()
        }
        let (update, _, updateRatio) = try await Measure.paired(rounds: 9) {
            try await Measure.nanoseconds(operations: operations) {
                for number in 0..<operations {
                    let slot = number % keys.count
                    let receipt = try await store.commit(
                        ChangeSet(changes: [
                            .update(keys[slot], expectedVersion: versions[slot], body: body, fields: fields)
                        ]))
                    versions[slot] = receipt.versions[keys[slot]] ?? versions[slot] + 1
                }
            }
        } candidate: {
            try await values()
        }
        blackHole(last)
        Measure.report("sequence_next_us", next / 1_000)
        Measure.report("sequence_insert_commit_us", insert / 1_000)
        Measure.report("sequence_update_commit_us", update / 1_000)
        Measure.report("sequence_next_vs_update", updateRatio)
        Measure.report("sequence_next_vs_commit", ratio)
    }
}
