import Foundation
import Harbor
import Logging

// The copy to the secondary. With a journal, each commit through the mirror appends its keys to
// this process's journal file before it runs, and hands them to the copy once it has returned; a
// pass copies the primary's current state of every key handed over since the last one, in one
// call per batch, then lets the journal forget them. Without one (or when it cannot be written),
// each commit leaves a backlog entry on the primary, in the commit's own transaction; a pass reads
// entries in identifier order, copies the primary's current state of their keys, and marks them
// copied. An idle pass (or a drain) adopts the journal files of processes that died, deletes copied
// backlog entries in one commit and rereads the whole backlog, for entries committed out of order
// or by another process. Nothing here runs on a caller's commit.
extension MirroredStore {
    /// What the background copy does after a pass.
    enum ReplayPlan: Sendable {
        /// The secondary failed: sleep this long, then try again.
        case retry(Duration)
        /// Wait for a commit's signal, at most this long, then the coalescing delay.
        case wait(Duration, coalescing: Duration)
    }

    /// The body of a backlog entry: the keys one commit wrote.
    struct BacklogBody: Codable {
        var keys: [DocumentKey]
    }

    /// Copies now what waits for the secondary (this process's journal, the journal files of
    /// processes that are gone, the backlog entries on the primary), forgets it, and repeats until
    /// a pass finds nothing; returns how many commits' documents were copied.
    ///
    /// What a test or a command-line `cutover` awaits; the background copy does the same on its own.
    /// A journal file another live process holds is left to it.
    /// - Throws: the secondary's (or the primary's) error when it is still unreachable; the journal
    ///   and the backlog then keep what was not copied.
    @discardableResult
    public func replayBacklog() async throws -> Int {
        var total = 0
        while true {
            var copied = try await copyJournal()
            copied += try await copyOrphanedJournals()
            copied += try await replayPass(full: true)
            try await deleteCopiedEntries()
            total += copied
            if copied == 0 { return total }
        }
    }

    /// How many commits wait for their copy: the backlog entries on the primary (copied ones not
    /// yet deleted included) and, with a journal, this process's records not copied yet and the
    /// records of the folder's other files (other processes', live or not).
    public func backlogCount() async throws -> Int {
        let entries = try await primary.count(matching: DocumentQuery(collection: Self.backlogCollection))
        guard let journal else { return entries }
        return entries + journal.waitingRecords() + journal.recordsInOtherFiles()
    }

    /// A journal record for a commit of `keys`; nil without a journal, or when it cannot be
    /// written (logged once): the commit then records a backlog entry on the primary instead.
    func journaled(_ keys: [DocumentKey]) -> MirrorJournal.Ticket? {
        guard let journal else { return nil }
        do {
            let ticket = try journal.record(keys)
            if replay.withLock({ $0.journalFailing }) {
                replay.withLock { $0.journalFailing = false }
                configuration.logger.notice("mirror: the journal in \(journal.folder.path) is written again")
            }
            return ticket
        } catch {
            let first = replay.withLock { state in
                defer { state.journalFailing = true }
                return !state.journalFailing
            }
            if first {
                configuration.logger.warning(
                    "mirror: the journal in \(journal.folder.path) cannot be written, so commits record what the secondary lacks on the primary instead: \(error)"
                )
            }
            return nil
        }
    }

    /// Hands the keys of a journaled commit that returned (succeeded or not) to the copy.
    func finished(_ ticket: MirrorJournal.Ticket) {
        journal?.finished(ticket)
        queued(ticket.keys)
    }

    /// Copies the primary's current state of every key the journal handed over since the last
    /// copy, a batch of keys per call; returns how many commits that covered.
    func copyJournal() async throws -> Int {
        guard let journal else { return 0 }
        return try await copying.withLock { try await copyJournal(journal) }
    }

    private func copyJournal(_ journal: MirrorJournal) async throws -> Int {
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        try await prepareSecondary(secondary)
        let batch = journal.take()
        do {
            for start in stride(from: 0, to: batch.keys.count, by: configuration.batchSize) {
                let end = min(batch.keys.count, start + configuration.batchSize)
                try await copyCurrent(Array(batch.keys[start..<end]), from: primary, to: secondary)
            }
        } catch {
            journal.failed(batch)
            throw error
        }
        journal.copied(batch)
        replay.withLock { state in
            for (key, commits) in batch.commits {
                guard let waiting = state.pendingKeys[key] else { continue }
                state.pendingKeys[key] = waiting > commits ? waiting - commits : nil
            }
        }
        return batch.covered.values.reduce(0, +)
    }

    /// Copies the keys of the journal files whose process is gone, then removes the files;
    /// returns how many commits they recorded.
    func copyOrphanedJournals() async throws -> Int {
        guard let journal else { return 0 }
        return try await copying.withLock { try await copyOrphanedJournals(journal) }
    }

    private func copyOrphanedJournals(_ journal: MirrorJournal) async throws -> Int {
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        let (orphans, skipped) = journal.adoptOrphans()
        if skipped > 0 {
            configuration.logger.warning(
                "mirror: \(skipped) journal record(s) in \(journal.folder.path) were cut short or do not decode, skipped"
            )
        }
        var remaining = orphans[...]
        var count = 0
        do {
            try await prepareSecondary(secondary)
            while let orphan = remaining.first {
                for start in stride(from: 0, to: orphan.keys.count, by: configuration.batchSize) {
                    let end = min(orphan.keys.count, start + configuration.batchSize)
                    try await copyCurrent(Array(orphan.keys[start..<end]), from: primary, to: secondary)
                }
                journal.release(orphan, copied: true)
                remaining.removeFirst()
                count += orphan.records
            }
        } catch {
            for orphan in remaining { journal.release(orphan, copied: false) }
            throw error
        }
        if count > 0 {
            configuration.logger.info("mirror: copied \(count) commit(s) from the journal of a process that stopped")
        }
        return count
    }

    /// A new backlog entry naming `keys`, at version 1, with an identifier that sorts after this
    /// instance's earlier ones.
    func newBacklogEntry(_ keys: [DocumentKey]) -> StoredDocument {
        let number = replay.withLock { state in
            state.wroteBacklog = true
            state.counter += 1
            return state.counter
        }
        let millis = UInt64(max(0, Date().timeIntervalSince1970 * 1000))
        let id = Self.padded(millis, 15) + "-" + instance + "-" + Self.padded(number, 12)
        // Written by hand: this runs on every commit, where JSONEncoder costs more than the
        // rest of the mirror's work; the copy reads it back with JSONDecoder as a BacklogBody.
        var text = #"{"keys":["#
        for (index, key) in keys.enumerated() {
            if index > 0 { text += "," }
            text += #"{"collection":"# + Self.jsonString(key.collection) + #","id":"# + Self.jsonString(key.id) + "}"
        }
        text += "]}"
        let body = Data(text.utf8)
        return StoredDocument(
            key: DocumentKey(collection: Self.backlogCollection, id: id), version: 1, body: body, fields: [:])
    }

    /// Notes that a commit wrote `keys` and wakes the copy.
    func queued(_ keys: [DocumentKey]) {
        replay.withLock { state in
            for key in keys { state.pendingKeys[key, default: 0] += 1 }
        }
        wake.signal()
    }

    /// Whether a key of `collection` waits in this instance's backlog.
    func hasPendingKeys(in collection: String) -> Bool {
        replay.withLock { $0.pendingKeys.keys.contains { $0.collection == collection } }
    }

    /// Whether `key` waits in this instance's backlog.
    func isPending(_ key: DocumentKey) -> Bool {
        replay.withLock { $0.pendingKeys[key] != nil }
    }

    /// One pass of the background copy, and what to do next.
    func replayInBackground() async -> ReplayPlan {
        do {
            var copied = try await copyJournal()
            if journal == nil || replay.withLock({ $0.wroteBacklog }) { copied += try await replayPass(full: false) }
            if copied == 0 {
                // Idle: find dead processes' journals and backlog entries committed out of order or
                // by other processes, then clean up.
                copied += try await copyOrphanedJournals()
                copied += try await replayPass(full: true)
                try await deleteCopiedEntries()
            }
            let failures = replay.withLock { state in
                defer { state.failures = 0 }
                return state.failures
            }
            if failures > 0 {
                configuration.logger.notice("mirror: the secondary is back after \(failures) failed copies")
            }
            let waiting = replay.withLock { !$0.copied.isEmpty }
            return .wait(waiting ? configuration.cleanupDelay : .seconds(60), coalescing: configuration.coalescingDelay)
        } catch is CancellationError {
            return .wait(.zero, coalescing: .zero)
        } catch {
            let failures = replay.withLock { state in
                state.failures += 1
                state.cursor = nil
                return state.failures
            }
            let delay = configuration.retry.delay(after: failures)
            let message: Logger.Message =
                "mirror: copying to the secondary failed (\(failures) in a row), the backlog keeps it; next try in \(delay): \(error)"
            if failures == 1 {
                configuration.logger.warning(message)
            } else {
                configuration.logger.debug(message)
            }
            return .retry(delay)
        }
    }

    /// Copies the backlog entries not copied yet, from the cursor (or from the start when `full`);
    /// returns how many it copied.
    func replayPass(full: Bool) async throws -> Int {
        let (primary, secondary) = roles.withLock { ($0.primary, $0.secondary) }
        try await prepareSecondary(secondary)
        var after = full ? nil : replay.withLock { $0.cursor }
        var count = 0
        while true {
            try Task.checkCancellation()
            let page = try await primary.documents(
                matching: DocumentQuery(
                    collection: Self.backlogCollection, limit: configuration.batchSize,
                    after: after.map { DocumentQuery.Position(values: [], id: $0) }))
            guard let last = page.last else { break }
            let copiedBefore = replay.withLock { $0.copied }
            let fresh = page.filter { !copiedBefore.contains($0.key.id) }
            if !fresh.isEmpty {
                var named: [DocumentKey] = []
                for entry in fresh { named += keys(of: entry) }
                try await copyCurrent(try Self.writtenKeys(named), from: primary, to: secondary)
                replay.withLock { state in
                    for entry in fresh { state.copied.insert(entry.key.id) }
                    for key in named {
                        guard let waiting = state.pendingKeys[key] else { continue }
                        state.pendingKeys[key] = waiting > 1 ? waiting - 1 : nil
                    }
                }
                count += fresh.count
            }
            after = last.key.id
            replay.withLock { state in
                if state.cursor.map({ $0 < last.key.id }) ?? true { state.cursor = last.key.id }
            }
            // A long backlog is deleted as it is copied, a batch at a time, not all at the end.
            if replay.withLock({ $0.copied.count >= configuration.batchSize }) { try await deleteCopiedEntries() }
            if page.count < configuration.batchSize { break }
        }
        return count
    }

    /// The keys a backlog entry names; an entry that does not decode is logged and names none.
    private func keys(of entry: StoredDocument) -> [DocumentKey] {
        do {
            return try JSONDecoder().decode(BacklogBody.self, from: entry.body).keys
                .filter { $0.collection != Self.backlogCollection }
        } catch {
            configuration.logger.error("mirror: backlog entry \(entry.key.id) does not decode, skipped: \(error)")
            return []
        }
    }

    /// Copies the primary's current state of `keys` to the secondary, then reads the primary again
    /// and copies once more what changed meanwhile (another process's copy, or a backfill, may
    /// have written a later state first), until nothing did.
    func copyCurrent(_ keys: [DocumentKey], from primary: any Store, to secondary: any Store) async throws {
        var remaining = keys
        var rounds = 0
        while !remaining.isEmpty {
            var read: [(key: DocumentKey, document: StoredDocument?)] = []
            read.reserveCapacity(remaining.count)
            for key in remaining { read.append((key, try await primary.document(at: key))) }
            try await Self.replicate(
                read.map { $0.document.map(ReplicatedWrite.put) ?? .delete($0.key) }, to: secondary)
            var changed: [DocumentKey] = []
            for (key, document) in read {
                let now = try await primary.document(at: key)
                if now?.version != document?.version { changed.append(key) }
            }
            remaining = changed
            rounds += 1
            if rounds >= 8, !remaining.isEmpty {
                // Keys this busy have newer backlog entries, which copy them again.
                configuration.logger.info("mirror: \(remaining.count) document(s) kept changing while copied")
                return
            }
        }
    }

    /// Replicates `writes` in one call; when that breaks a unique value (the secondary holds an
    /// older state in which another document has it), one write at a time, repeating the writes
    /// that failed while others succeed.
    static func replicate(_ writes: [ReplicatedWrite], to secondary: any Store) async throws {
        do {
            try await secondary.replicate(writes)
        } catch let error as StoreError where writes.count > 1 && isDuplicateValue(error) {
            var remaining = writes
            var lastError = error
            while !remaining.isEmpty {
                var failed: [ReplicatedWrite] = []
                for write in remaining {
                    do {
                        try await secondary.replicate([write])
                    } catch let error as StoreError where isDuplicateValue(error) {
                        failed.append(write)
                        lastError = error
                    }
                }
                if failed.count == remaining.count { throw lastError }
                remaining = failed
            }
        }
    }

    private static func isDuplicateValue(_ error: StoreError) -> Bool {
        if case .duplicateValue = error { return true }
        return false
    }

    /// Prepares on the secondary the schemas it has not accepted yet, and moves up its sequences.
    private func prepareSecondary(_ secondary: any Store) async throws {
        try await moveSequencesUp(on: secondary)
        let schemas = replay.withLock { $0.unprepared }
        for schema in schemas {
            try await secondary.prepare(schema)
            replay.withLock { state in
                if let index = state.unprepared.firstIndex(of: schema) { state.unprepared.remove(at: index) }
            }
        }
    }

    /// Deletes the copied backlog entries from the primary, in commits of a batch each; an entry
    /// another process deleted first is skipped.
    func deleteCopiedEntries() async throws {
        let primary = roles.withLock { $0.primary }
        let ids = replay.withLock { $0.copied }.sorted()
        var start = 0
        while start < ids.count {
            let chunk = Array(ids[start..<min(ids.count, start + configuration.batchSize)])
            let changes = chunk.map {
                DocumentChange.delete(DocumentKey(collection: Self.backlogCollection, id: $0), expectedVersion: 1)
            }
            do {
                _ = try await primary.commit(ChangeSet(changes: changes))
            } catch let error as StoreError where error.isConflict {
                for change in changes {
                    do {
                        _ = try await primary.commit(ChangeSet(changes: [change]))
                    } catch let error as StoreError where error.isConflict {
                        continue
                    }
                }
            }
            replay.withLock { $0.copied.subtract(chunk) }
            start += chunk.count
        }
    }

    /// `text` as a JSON string literal, quotes included.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `number` in decimal, zero-padded to `width` digits, so identifiers sort as numbers.
    static func padded(_ number: UInt64, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
