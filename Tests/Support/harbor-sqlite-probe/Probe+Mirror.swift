import Foundation
import Harbor
import HarborSQLite
import HarborStores
import HarborTesting

// The mirror's work in a process a test kills: a backfill, commits whose copy runs in the
// background, and a replay of a backlog.
extension Probe {
    /// The collection the mirror probes write and copy.
    static let orders = "orders"

    /// Backfills `orders` from the primary file to the secondary file in batches of `batch`,
    /// printing `copied N` after each batch and pausing 20 ms: slow on purpose, so that a test
    /// killing it mid-way lands mid-way however fast this process runs beside a loaded parent.
    static func mirrorBackfill(primary: String, secondary: String, batch: Int) async throws {
        let store = MirroredStore(
            primary: try SQLiteStore(path: primary), secondary: try SQLiteStore(path: secondary),
            configuration: MirroredStore.Configuration(batchSize: batch))
        let result = try await store.backfill(collections: [orders]) {
            report("copied \($0.copied)")
            usleep(20_000)
        }
        report("done \(result.copied) \(result.skipped)")
    }

    /// Commits `count` orders through a mirror (each inserted, then every third updated),
    /// printing `committed N` after each commit, while the copy runs in the background; with
    /// `journal`, the mirror keeps its intent journal in that folder.
    static func mirrorCommit(primary: String, secondary: String, first: Int, count: Int, journal: String?) async throws
    {
        let store = MirroredStore(
            primary: try SQLiteStore(path: primary), secondary: try SQLiteStore(path: secondary),
            configuration: MirroredStore.Configuration(journal: journal.map { URL(fileURLWithPath: $0) }))
        for number in first..<first + count {
            let key = DocumentKey(collection: orders, id: "order-\(number)")
            _ = try await store.commit(
                ChangeSet(changes: [.insert(key, body: Data("\(number)".utf8), fields: ["n": .int(Int64(number))])]))
            if number % 3 == 0 {
                _ = try await store.commit(
                    ChangeSet(changes: [
                        .update(
                            key, expectedVersion: 1, body: Data("\(number)+".utf8), fields: ["n": .int(Int64(number))])
                    ]))
            }
            report("committed \(number)")
        }
        try await store.replayBacklog()
        report("done")
    }

    /// Replays the backlog the primary file holds (and the journals left in `journal`) to the
    /// secondary file, `batch` entries (or keys) a pass.
    ///
    /// Each copy to the secondary waits 5 ms first: slow on purpose, as the backfill above, so that
    /// a test killing the replay 20–150 ms in lands mid-way (a journal of 1,500 keys was otherwise
    /// copied before the kill on a quiet machine).
    static func mirrorReplay(primary: String, secondary: String, batch: Int, journal: String?) async throws {
        let slowSecondary = FakeStore(wrapping: try SQLiteStore(path: secondary))
        slowSecondary.setDelay(.milliseconds(5), for: .replicate)
        let store = MirroredStore(
            primary: try SQLiteStore(path: primary), secondary: slowSecondary,
            configuration: MirroredStore.Configuration(
                batchSize: batch, journal: journal.map { URL(fileURLWithPath: $0) }))
        report("started")
        let replayed = try await store.replayBacklog()
        report("done \(replayed)")
    }
}
