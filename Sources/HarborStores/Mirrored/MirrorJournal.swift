import Foundation
import Harbor
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``MirroredStore``'s local intent journal: before a commit goes to the primary, the keys it
/// writes are appended to a file of this process with one `write(2)`; the copy to the secondary
/// reads them from memory, and the file only matters when the process dies before the copy.
///
/// Layout: one folder per mirror (``MirroredStore/Configuration/journal``), holding files named
/// `PID-INSTANCE-GENERATION.journal`, one line per commit (`{"keys":[…]}`). Each file is held by
/// an exclusive `flock` of its writer for as long as the writer lives, so a free lock means a dead
/// (or stopped) writer: ``adoptOrphans()`` takes such files, and the mirror copies their
/// keys, then removes them. A file is created under a `.new` name and renamed once locked, so no
/// one adopts a file whose writer has not locked it yet.
///
/// Durability: no `fsync`. A `kill -9` keeps what `write(2)` returned from (the page cache
/// survives the process), the promise SQLite's WAL makes with `synchronous=NORMAL`; a power loss
/// may cost the journal's tail, as it may cost the primary's last commits.
///
/// A record is written before its commit, and its keys join the copy only once the commit has
/// returned (succeeded or failed: the copy takes the primary's *current* state, so a key whose
/// commit failed is copied as it is, harmlessly). A file is removed, or truncated, once no commit
/// it recorded is in flight and every key it recorded has been copied.
final class MirrorJournal: Sendable {
    /// A file this journal writes or wrote.
    struct File {
        /// Open for appending; holds the file's `flock`.
        var descriptor: Int32
        var path: String
        var generation: Int
        /// Records appended whose commit has not returned yet.
        var inFlight = 0
        /// Records whose commit returned and whose keys no finished copy covers yet.
        var uncopied = 0
        /// Records in the file.
        var records = 0
    }

    /// Where a record went, for ``finished(_:)``.
    struct Ticket: Sendable {
        let generation: Int
        let keys: [DocumentKey]
    }

    /// The keys one copy takes, and what finishing it settles.
    struct Batch: Sendable {
        /// Distinct keys, in the order their commits returned.
        var keys: [DocumentKey] = []
        /// How many commits named each key.
        var commits: [DocumentKey: Int] = [:]
        /// For each file's generation, how many of its records the batch covers.
        var covered: [Int: Int] = [:]

        var isEmpty: Bool { keys.isEmpty }
    }

    /// A dead writer's file, locked by this process while its keys are copied.
    struct Orphan: Sendable {
        let descriptor: Int32
        let path: String
        /// The keys of its complete records, in record order, each once.
        let keys: [DocumentKey]
        /// Its complete records.
        let records: Int
    }

    private struct State {
        var current: File?
        /// Files no longer appended to, removed once settled.
        var retired: [File] = []
        var generation = 0
        var pending = Batch()
    }

    /// The folder.
    let folder: URL
    /// Names this process's files.
    let owner: String
    private let state = Mutex(State())

    /// A journal in `folder` (created when first written), whose files `owner` names.
    init(folder: URL, owner: String) {
        self.folder = folder
        self.owner = "\(getpid())-\(owner)"
    }

    deinit {
        close()
    }

    // MARK: - Writing

    /// Appends a record naming `keys`, with one `write(2)`, before their commit.
    /// - Throws: `StoreError.backend(location:reason:)` when the folder or the file cannot be
    ///   written; nothing was recorded then.
    func record(_ keys: [DocumentKey]) throws -> Ticket {
        let line = Self.line(keys)
        return try state.withLock { state in
            if state.current == nil { state.current = try openFile(generation: state.generation) }
            // Checked just above: `current` is set or the call threw.
            guard var file = state.current else { throw Self.failure("opening", folder.path, code: EBADF) }
            let written = line.withUnsafeBytes { write(file.descriptor, $0.baseAddress, $0.count) }
            guard written == line.count else {
                let code = written < 0 ? errno : EIO
                // A short write may leave half a line: the next record goes to a new file.
                state.retired.append(file)
                state.current = nil
                state.generation += 1
                throw Self.failure("appending to", file.path, code: code)
            }
            file.inFlight += 1
            file.records += 1
            state.current = file
            return Ticket(generation: file.generation, keys: keys)
        }
    }

    /// Notes that the commit of `ticket`'s record returned: its keys join the next copy.
    func finished(_ ticket: Ticket) {
        state.withLock { state in
            Self.update(&state, generation: ticket.generation) { file in
                file.inFlight -= 1
                file.uncopied += 1
            }
            for key in ticket.keys {
                if state.pending.commits[key] == nil { state.pending.keys.append(key) }
                state.pending.commits[key, default: 0] += 1
            }
            state.pending.covered[ticket.generation, default: 0] += 1
        }
    }

    // MARK: - Copying

    /// Takes every key waiting for a copy; the caller copies them, then calls ``copied(_:)``, or
    /// ``failed(_:)`` to put them back. Starts a new file when the current one has records and
    /// no older file waits, so that a file stops growing and can be removed once copied.
    func take() -> Batch {
        state.withLock { state in
            let batch = state.pending
            state.pending = Batch()
            if let current = state.current, current.records > 0, state.retired.isEmpty {
                state.retired.append(current)
                state.current = nil
                state.generation += 1
            }
            return batch
        }
    }

    /// Settles a copied batch: removes the files whose records are all copied and none is in
    /// flight, and empties the current file when that holds for it.
    func copied(_ batch: Batch) {
        state.withLock { state in
            for (generation, count) in batch.covered {
                Self.update(&state, generation: generation) { $0.uncopied -= count }
            }
            state.retired.removeAll { file in
                guard file.inFlight == 0, file.uncopied <= 0 else { return false }
                _ = unlink(file.path)
                closeDescriptor(file.descriptor)
                return true
            }
            if var current = state.current, current.records > 0, current.inFlight == 0, current.uncopied <= 0 {
                // O_APPEND: the next record goes to the new end, at 0.
                if ftruncate(current.descriptor, 0) == 0 {
                    current.records = 0
                    state.current = current
                }
            }
        }
    }

    /// Puts back a batch whose copy failed, before what joined since.
    func failed(_ batch: Batch) {
        state.withLock { state in
            var merged = batch
            for key in state.pending.keys {
                if merged.commits[key] == nil { merged.keys.append(key) }
                merged.commits[key, default: 0] += state.pending.commits[key] ?? 0
            }
            merged.covered.merge(state.pending.covered, uniquingKeysWith: +)
            state.pending = merged
        }
    }

    /// Whether a commit naming `key` waits for a copy.
    func isPending(_ key: DocumentKey) -> Bool {
        state.withLock { $0.pending.commits[key] != nil }
    }

    /// Records of this process's files not copied yet, in flight included.
    func waitingRecords() -> Int {
        state.withLock { state in
            (state.retired + (state.current.map { [$0] } ?? [])).reduce(0) { $0 + max(0, $1.inFlight + $1.uncopied) }
        }
    }

    /// Closes this process's files, which releases their locks and leaves them for whoever
    /// adopts them; a later record opens a new file.
    func close() {
        state.withLock { state in
            for file in state.retired + (state.current.map { [$0] } ?? []) {
                if file.records == 0 { _ = unlink(file.path) }
                closeDescriptor(file.descriptor)
            }
            state.retired = []
            state.current = nil
            state.generation += 1
            state.pending = Batch()
        }
    }

    // MARK: - Other processes' files

    /// Locks and reads the files of the folder whose writer is gone (their lock is free); a file
    /// another process (or another mirror of this one) holds is left alone.
    func adoptOrphans() -> (orphans: [Orphan], torn: Int) {
        let own = state.withLock { state in
            Set((state.retired + (state.current.map { [$0] } ?? [])).map(\.path))
        }
        var orphans: [Orphan] = []
        var torn = 0
        for path in journalPaths() where !own.contains(path) {
            let descriptor = open(path, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, Self.isLinked(descriptor, path) else {
                closeDescriptor(descriptor)
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                closeDescriptor(descriptor)
                continue
            }
            let (keys, records, skipped) = Self.parse(data)
            torn += skipped
            orphans.append(Orphan(descriptor: descriptor, path: path, keys: keys, records: records))
        }
        return (orphans, torn)
    }

    /// Removes an orphan whose keys were copied, or only unlocks it (`copied` false) for a later try.
    func release(_ orphan: Orphan, copied: Bool) {
        if copied { _ = unlink(orphan.path) }
        closeDescriptor(orphan.descriptor)
    }

    /// Complete records in the folder's other files (live writers' included), without locking them.
    func recordsInOtherFiles() -> Int {
        let own = state.withLock { state in
            Set((state.retired + (state.current.map { [$0] } ?? [])).map(\.path))
        }
        return journalPaths().filter { !own.contains($0) }.reduce(0) { total, path in
            total + (FileManager.default.contents(atPath: path).map { Self.parse($0).records } ?? 0)
        }
    }

    // MARK: - Internals

    private func journalPaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".journal") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// Creates, locks, then names a new file of this process (and the folder, when missing).
    private func openFile(generation: Int) throws -> File {
        let path = folder.appendingPathComponent("\(owner)-\(generation).journal").path
        let fresh = path + ".new"
        let flags = O_WRONLY | O_APPEND | O_CREAT | O_TRUNC | O_CLOEXEC
        var descriptor = open(fresh, flags, 0o644)
        if descriptor < 0, errno == ENOENT {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw StoreError.backend(
                    location: folder.path,
                    reason: "creating the mirror's journal folder failed: \(error.localizedDescription)")
            }
            descriptor = open(fresh, flags, 0o644)
        }
        guard descriptor >= 0 else { throw Self.failure("creating", fresh) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            closeDescriptor(descriptor)
            throw Self.failure("locking", fresh, code: code)
        }
        guard rename(fresh, path) == 0 else {
            let code = errno
            _ = unlink(fresh)
            closeDescriptor(descriptor)
            throw Self.failure("naming", path, code: code)
        }
        return File(descriptor: descriptor, path: path, generation: generation)
    }

    private static func update(_ state: inout State, generation: Int, _ change: (inout File) -> Void) {
        if var current = state.current, current.generation == generation {
            change(&current)
            state.current = current
        } else if let index = state.retired.firstIndex(where: { $0.generation == generation }) {
            change(&state.retired[index])
        }
    }

    /// Whether `path` still names the file open as `descriptor` (an adopter may have removed it).
    private static func isLinked(_ descriptor: Int32, _ path: String) -> Bool {
        var opened = stat()
        var named = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
        return opened.st_nlink > 0 && opened.st_ino == named.st_ino && opened.st_dev == named.st_dev
    }

    /// The keys of a file's complete, decodable records, each once in first-seen order; how many
    /// complete records; how many lines were skipped (a torn tail, or a line that does not decode).
    static func parse(_ data: Data) -> (keys: [DocumentKey], records: Int, skipped: Int) {
        var keys: [DocumentKey] = []
        var seen: Set<DocumentKey> = []
        var records = 0
        var skipped = 0
        let decoder = JSONDecoder()
        var start = data.startIndex
        while start < data.endIndex {
            guard let end = data[start...].firstIndex(of: 0x0A) else {
                skipped += 1
                break
            }
            let line = data[start..<end]
            start = data.index(after: end)
            guard !line.isEmpty else { continue }
            guard let body = try? decoder.decode(MirroredStore.BacklogBody.self, from: line) else {
                skipped += 1
                continue
            }
            records += 1
            for key in body.keys where seen.insert(key).inserted { keys.append(key) }
        }
        return (keys, records, skipped)
    }

    /// A record: the keys as a JSON line, in bytes, written by hand (this runs on every commit).
    static func line(_ keys: [DocumentKey]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 + keys.count * 48)
        bytes.append(contentsOf: #"{"keys":["#.utf8)
        for (index, key) in keys.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: #"{"collection":"#.utf8)
            appendJSONString(key.collection, to: &bytes)
            bytes.append(contentsOf: #","id":"#.utf8)
            appendJSONString(key.id, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: "]}\n".utf8)
        return bytes
    }

    /// Appends `text` as a JSON string literal; a text with nothing to escape (the usual key) is
    /// copied as it is.
    private static func appendJSONString(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        if utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.append(contentsOf: MirroredStore.jsonString(text).utf8)
        }
    }

    private static func failure(_ action: String, _ path: String, code: Int32 = errno) -> StoreError {
        .backend(
            location: path,
            reason: "\(action) the mirror's journal failed: \(String(cString: strerror(code))) (errno \(code))")
    }
}

/// Closes a descriptor, which releases its `flock`; outside the type, whose `close()` hides the C function.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
