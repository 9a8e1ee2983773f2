import Foundation
import Harbor
import HarborSQLite
import HarborStores

/// The mirror of a live migration, between SQLite files on the same disk: what mirroring adds to
/// a commit (the primary alone as the baseline, in the same run), and how fast a backfill copies.
enum MirrorBenchmark {
    static let collection = "orders"

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("harbor-bench-mirror-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await commit(in: folder)
        try await backfill(in: folder)
    }

    static func document(_ number: Int, version: Int64 = 1) -> StoredDocument {
        StoredDocument(
            key: DocumentKey(collection: collection, id: "order-\(number)"), version: version,
            body: Data(
                #"{"id":"order-\#(number)","customer":"customer-\#(number % 100)","items":3,"total":1250}"#.utf8),
            fields: ["customer": .string("customer-\(number % 100)")])
    }

    /// Updates of one of 100 documents, one commit each: through a mirror (primary and secondary
    /// SQLite files) against the primary's SQLite store alone. The mirror's commit first appends
    /// its keys to the mirror's journal (a local file); the copy runs in the background, as in an
    /// application. The mirror without a journal, which records a backlog entry on the primary in
    /// each commit, is measured too, as the figure the journal replaced. Each ratio is the median
    /// of 9 rounds' own ratios (baseline and candidate a moment apart, under the same load).
    static func commit(in folder: URL) async throws {
        let operations = 2_000
        let schema = CollectionSchema(name: collection, indexedFields: ["customer"])
        let alone = try SQLiteStore(path: folder.appendingPathComponent("alone.sqlite").path)
        let mirror = MirroredStore(
            primary: try SQLiteStore(path: folder.appendingPathComponent("primary.sqlite").path),
            secondary: try SQLiteStore(path: folder.appendingPathComponent("secondary.sqlite").path),
            configuration: MirroredStore.Configuration(journal: folder.appendingPathComponent("journal")))
        // The same mirror with its copy held back until the end: what the commit path alone adds.
        let deferred = MirroredStore(
            primary: try SQLiteStore(path: folder.appendingPathComponent("deferred-primary.sqlite").path),
            secondary: try SQLiteStore(path: folder.appendingPathComponent("deferred-secondary.sqlite").path),
            configuration: MirroredStore.Configuration(
                coalescingDelay: .seconds(3_600), journal: folder.appendingPathComponent("deferred-journal")))
        let backlog = MirroredStore(
            primary: try SQLiteStore(path: folder.appendingPathComponent("backlog-primary.sqlite").path),
            secondary: try SQLiteStore(path: folder.appendingPathComponent("backlog-secondary.sqlite").path))
        let stores: [any Store] = [alone, mirror, deferred, backlog]
        for store in stores {
            try await store.prepare(schema)
            _ = try await store.commit(
                ChangeSet(
                    changes: (0..<100).map {
                        .insert(document($0).key, body: document($0).body, fields: document($0).fields)
                    }))
        }
        var versions = [[Int64]](repeating: [Int64](repeating: 1, count: 100), count: stores.count)
        func updates(_ side: Int) async throws -> Double {
            try await Measure.nanoseconds(operations: operations) {
                for number in 0..<operations {
                    let slot = number % 100
                    let sample = document(slot)
                    let receipt = try await stores[side].commit(
                        ChangeSet(changes: [
                            .update(
                                sample.key, expectedVersion: versions[side][slot], body: sample.body,
                                fields: sample.fields)
                        ]))
                    versions[side][slot] = receipt.versions[sample.key] ?? versions[side][slot] + 1
                }
            }
        }
        let (baseline, candidate, ratio) = try await Measure.paired(rounds: 9) {
            try await updates(0)
        } candidate: {
            try await updates(1)
        }
        let (_, _, pathRatio) = try await Measure.paired(rounds: 9) {
            try await updates(0)
        } candidate: {
            try await updates(2)
        }
        let (_, _, backlogRatio) = try await Measure.paired(rounds: 9) {
            try await updates(0)
        } candidate: {
            try await updates(3)
        }
        Measure.report("mirror_commit_path_vs_primary", pathRatio)
        Measure.report("mirror_backlog_commit_vs_primary", backlogRatio)
        Measure.report("primary_commit_us", baseline / 1_000)
        Measure.report("mirror_commit_us", candidate / 1_000)
        Measure.report("mirror_commit_vs_primary", ratio)
        let drained = try await Measure.nanoseconds(operations: 1) { try await mirror.replayBacklog() }
        Measure.report("mirror_drain_after_commits_ms", drained / 1e6)
        Measure.report(
            "mirror_differences_after_drain", Double(try await mirror.verify(collections: [collection]).count),
            digits: 0)
        Measure.report("mirror_deferred_backlog", Double(try await deferred.backlogCount()), digits: 0)
        try await deferred.replayBacklog()
        Measure.report(
            "mirror_deferred_differences", Double(try await deferred.verify(collections: [collection]).count), digits: 0
        )
        mirror.stop()
        deferred.stop()
        backlog.stop()
    }

    /// 100,000 documents backfilled from one SQLite file to another, with their versions.
    static func backfill(in folder: URL) async throws {
        let total = 100_000
        let primary = try SQLiteStore(path: folder.appendingPathComponent("backfill-primary.sqlite").path)
        try await primary.prepare(CollectionSchema(name: collection, indexedFields: ["customer"]))
        for start in stride(from: 0, to: total, by: 1_000) {
            try await primary.replicate((start..<start + 1_000).map { .put(document($0, version: Int64($0 % 5 + 1))) })
        }
        let secondary = try SQLiteStore(path: folder.appendingPathComponent("backfill-secondary.sqlite").path)
        try await secondary.prepare(CollectionSchema(name: collection, indexedFields: ["customer"]))
        let mirror = MirroredStore(
            primary: primary, secondary: secondary, configuration: MirroredStore.Configuration(batchSize: 1_000))
        var report = MirrorBackfillReport()
        let nanoseconds = try await Measure.nanoseconds(operations: total) {
            report = try await mirror.backfill(collections: [collection])
        }
        Measure.report("backfill_docs_per_s", 1e9 / nanoseconds, digits: 0)
        Measure.report("backfill_copied", Double(report.copied), digits: 0)
        let resumed = try await Measure.nanoseconds(operations: total) {
            report = try await mirror.backfill(collections: [collection])
        }
        Measure.report("backfill_again_docs_per_s", 1e9 / resumed, digits: 0)
        Measure.report("backfill_again_copied", Double(report.copied), digits: 0)
        Measure.report(
            "backfill_differences", Double(try await mirror.verify(collections: [collection]).count), digits: 0)
        mirror.stop()
    }
}
