import Foundation
import Harbor
import HarborSQLite
import HarborStores
import HarborTesting
import Testing

/// A ``MirroredStore`` between two SQLite files, its process killed with SIGKILL in the middle of
/// a backfill, of commits whose copy runs in the background, and of a replay; the next process
/// resumes, and nothing is lost, duplicated or different.
@Suite("MirroredStore killed and resumed", .serialized, .timeLimit(.minutes(3)))
struct MirroredStoreCrashTests {
    static let orders = "orders"

    /// A mirror's configuration: its journal in `journal` when given, else a backlog on the primary.
    private func configuration(journal: String?, retryDelay: Duration = .milliseconds(500))
        -> MirroredStore.Configuration
    {
        MirroredStore.Configuration(
            retry: Backoff(maxAttempts: .max, initialDelay: retryDelay),
            journal: journal.map { URL(fileURLWithPath: $0) })
    }

    /// Checks that the two files hold the same documents, with the same versions, and no backlog
    /// (nor journal records, in `journal`).
    private func expectIdentical(primary: String, secondary: String, journal: String? = nil) async throws
        -> [StoredDocument]
    {
        let (first, second) = (try SQLiteStore(path: primary), try SQLiteStore(path: secondary))
        let store = MirroredStore(primary: first, secondary: second, configuration: configuration(journal: journal))
        store.stop()
        #expect(try await store.verify(collections: [Self.orders]) == [])
        #expect(try await store.backlogCount() == 0)
        let documents = try await first.documents(matching: DocumentQuery(collection: Self.orders))
        #expect(try await second.documents(matching: DocumentQuery(collection: Self.orders)) == documents)
        return documents
    }

    @Test("a backfill killed mid-way resumes where it stopped: nothing lost, nothing copied twice")
    func killedBackfill() async throws {
        // On a loaded machine the kill can come after the whole backfill: that attempt tests
        // nothing, so it is made again with new files (at most three times), not counted as a pass.
        for attempt in 1...3 {
            let killedMidway = try await killBackfill(lastAttempt: attempt == 3)
            if killedMidway { return }
        }
    }

    /// Backfills 10,000 documents in a child process killed after 5 to 60 ms, then resumes it here
    /// and checks the result; false (and nothing checked) when the child had finished before the
    /// kill, unless this is the `lastAttempt`.
    private func killBackfill(lastAttempt: Bool) async throws -> Bool {
        let folder = try TemporaryFolder()
        let (primaryPath, secondaryPath) = (folder.file("primary.sqlite"), folder.file("secondary.sqlite"))
        let primary = try SQLiteStore(path: primaryPath)
        let total = 10_000
        var writes: [ReplicatedWrite] = []
        for number in 0..<total {
            writes.append(
                .put(
                    StoredDocument(
                        key: DocumentKey(collection: Self.orders, id: "order-\(number)"),
                        version: Int64(number % 4 + 1),
                        body: Data("order \(number)".utf8), fields: ["n": .int(Int64(number))])))
        }
        try await primary.replicate(writes)

        let probe = try ProbeProcess(
            ["mirror-backfill", primaryPath, secondaryPath, "50"], in: folder, label: "backfill")
        #expect(try await probe.waitForOutput(lines: 3), "the backfill did not start: \(probe.errorText)")
        try await Task.sleep(for: .milliseconds(Int.random(in: 5...60)))
        probe.kill()
        let copiedBefore = probe.outputLines.last.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } ?? 0
        #expect(copiedBefore >= 100)

        let store = MirroredStore(primary: primary, secondary: try SQLiteStore(path: secondaryPath))
        let report = try await store.backfill(collections: [Self.orders])
        store.stop()
        if report.copied == 0 && !lastAttempt { return false }
        #expect(report.copied > 0, "the backfill finished before it was killed, three times")
        #expect(report.copied + report.skipped == total)
        #expect(report.skipped >= copiedBefore, "a batch the killed backfill reported was copied again")
        #expect(report.newerOnSecondary == 0)
        let documents = try await expectIdentical(primary: primaryPath, secondary: secondaryPath)
        #expect(documents.count == total)
        return true
    }

    @Test(
        "commits killed while their copy runs in the background are all on both stores after a replay",
        arguments: [false, true])
    func killedWhileCopying(journaled: Bool) async throws {
        let folder = try TemporaryFolder()
        let (primaryPath, secondaryPath) = (folder.file("primary.sqlite"), folder.file("secondary.sqlite"))
        let journal = journaled ? folder.file("journal") : nil
        var acknowledged: Set<String> = []
        for round in 0..<3 {
            let probe = try ProbeProcess(
                ["mirror-commit", primaryPath, secondaryPath, "\(round * 10_000)", "2000"]
                    + (journal.map { [$0] } ?? []),
                in: folder, label: "commit-\(round)")
            #expect(try await probe.waitForOutput(lines: 20), "the writer did not commit: \(probe.errorText)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 5...80)))
            probe.kill()
            for line in probe.outputLines where line.hasPrefix("committed ") {
                acknowledged.insert("order-" + line.dropFirst("committed ".count))
            }
        }
        let store = MirroredStore(
            primary: try SQLiteStore(path: primaryPath), secondary: try SQLiteStore(path: secondaryPath),
            configuration: configuration(journal: journal))
        try await store.replayBacklog()
        store.stop()
        let documents = try await expectIdentical(primary: primaryPath, secondary: secondaryPath, journal: journal)
        #expect(acknowledged.isSubset(of: Set(documents.map(\.key.id))), "an acknowledged commit is missing")
    }

    @Test("a replay killed mid-way is finished by the next one: nothing lost, verify clean", arguments: [false, true])
    func killedReplay(journaled: Bool) async throws {
        let folder = try TemporaryFolder()
        let (primaryPath, secondaryPath) = (folder.file("primary.sqlite"), folder.file("secondary.sqlite"))
        let journal = journaled ? folder.file("journal") : nil
        // Build a backlog (or a journal) with the secondary down.
        let secondary = FakeStore(wrapping: try SQLiteStore(path: secondaryPath))
        secondary.failAlways(.replicate)
        let writer = MirroredStore(
            primary: try SQLiteStore(path: primaryPath), secondary: secondary,
            configuration: configuration(journal: journal, retryDelay: .seconds(600)))
        let total = 1_500
        for number in 0..<total {
            let key = DocumentKey(collection: Self.orders, id: "order-\(number)")
            _ = try await writer.commit(ChangeSet(changes: [.insert(key, body: Data("\(number)".utf8), fields: [:])]))
        }
        writer.stop()
        #expect(try await writer.backlogCount() == total)

        let probe = try ProbeProcess(
            ["mirror-replay", primaryPath, secondaryPath, "5"] + (journal.map { [$0] } ?? []), in: folder,
            label: "replay")
        #expect(try await probe.waitForOutput(lines: 1), "the replay did not start: \(probe.errorText)")
        try await Task.sleep(for: .milliseconds(Int.random(in: 20...150)))
        probe.kill()

        let store = MirroredStore(
            primary: try SQLiteStore(path: primaryPath), secondary: try SQLiteStore(path: secondaryPath),
            configuration: configuration(journal: journal))
        let remaining = try await store.backlogCount()
        try await store.replayBacklog()
        store.stop()
        #expect(remaining > 0, "the replay finished before it was killed")
        #expect(remaining <= total)
        let documents = try await expectIdentical(primary: primaryPath, secondary: secondaryPath, journal: journal)
        #expect(documents.count == total)
    }
}
