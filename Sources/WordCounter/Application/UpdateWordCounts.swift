public import Harbor

/// Brings every tracked file up to date: recounts changed files, follows moved ones, reports
/// missing ones, and tracks new files that appeared in tracked folders.
///
/// The algorithm, at a high level:
/// 1. Look at every tracked file's path, from the index alone. Unchanged files (same identity,
///    size and modification time) are neither read again nor decoded. A file at its path with a new inode is an editor's atomic save:
///    the same tracked file, recounted ([`UpdateWordCount`'s rules](RecordCount)).
/// 2. For each file gone from its path, look in the tracked folders and its old parent folder,
///    first for its identity (device, inode, birth time), then for its content fingerprint
///    among files of its size. Found: moved, path updated, history kept. Not found: `missing`,
///    reported once with ``FileWentMissing``, kept with its history.
/// 3. Files in tracked folders that nobody claimed are tracked as new, their words today's writing
///    (a copy of a tracked file stays a baseline), unless they are another
///    name (a hard link, a symbolic link) of a file tracked already: one file is one document.
///    Given ``allowedRoots``, a file whose real path is outside them is not tracked either
///    (``FileOutsideRootsSkipped``).
///
/// Work is committed in batches, so an interrupted update keeps what it finished. Ends with a
/// ``WordCountsUpdated`` summary event, stored with the outbox when the update changed something
/// and only published in this process when it changed nothing; then, when a subfolder of a
/// tracked folder could not be read (its files could be neither found nor followed), throws
/// ``PathProblems`` naming each.
///
/// Memory: the tracked files' index entries are read a page at a time; what is held for the
/// whole run is the folders' listing (``FileStatuses``), one flag per listed file, and the ids of
/// the files to recount.
public struct UpdateWordCounts: CoalescableUseCase, Codable {
    /// Where new files found in tracked folders may really be (`serve --root`): one whose real
    /// path is outside every root is not tracked (``AllowedRoots``). Nil: anywhere.
    public let allowedRoots: AllowedRoots?

    /// Creates the use case; every update with the same roots is equal to every other, so one
    /// queued behind a running one is enough.
    public init(within roots: AllowedRoots? = nil) {
        allowedRoots = roots
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        let fileSystem = services.fileSystem
        let trackedFiles = services.persistence.repository(TrackedFile.self)
        // Only this machine's files and folders: another machine's paths mean nothing here.
        let roots = try await services.persistence.repository(TrackedRoot.self).all().filter {
            $0.belongs(to: services.machine)
        }
        // 1. Which files need reading, which are gone: index entries only, nothing decoded, read a
        // page at a time so that memory holds one page of entries, not every tracked file's. The
        // tracked folders are listed while the first page is read: the two wait on different things
        // (the disk, the database), and the listing's statuses spare a status call per file below.
        async let listingsInProgress = Self.list(roots, in: fileSystem)
        // Only the fields compared below: the store need not build the others' values.
        let pageQuery = Query<TrackedFile>().limit(Self.pageSize).selecting(
            \.path, \.unchangedStamp, \.birthTime, \.machine)
        var page = try await trackedFiles.indexEntryPage(pageQuery)
        let listings = await listingsInProgress
        let markdownExclusions = services.settings.value.markdownExclusions
        var checked = 0
        var toCount: [String] = []
        var goneIDs: [String] = []
        // Which listed files are tracked, one flag per listed status: what is left unflagged is new or
        // moved here (no set of every tracked path is kept).
        let listedStatuses = listings.map(\.listing.statuses)
        var trackedListed = listedStatuses.map { [Bool](repeating: false, count: $0.count) }
        let comparison = Comparison(
            listedStatuses: listedStatuses, fileSystem: fileSystem, machine: services.machine,
            markdownExclusions: markdownExclusions)
        while true {
            // The next page is read while this one is compared, in two halves at once: the database
            // and the comparing then keep both cores busy, as the first page and the listing did.
            let token = page.next
            async let following = Self.page(of: pageQuery, after: token, in: trackedFiles)
            let entries = page.entries
            let middle = entries.count / 2
            async let firstHalf = comparison.compare(entries[..<middle])
            let secondHalf = comparison.compare(entries[middle...])
            for outcome in [await firstHalf, secondHalf] {
                checked += outcome.checked
                toCount += outcome.toCount
                goneIDs += outcome.goneIDs
                for (number, index) in outcome.listed { trackedListed[number][index] = true }
            }
            guard let next = try await following else { break }
            page = next
        }
        var summary = Summary(checked: checked)
        // Only the gone files are decoded here: finding where they went needs their identity.
        var gone: [TrackedFile] = []
        for id in goneIDs {
            if let file = try await trackedFiles.find(id) { gone.append(file) }
        }

        // 2. Candidates for moves and new files: what the tracked folders hold that nobody tracks.
        var listed: [ExactPath: String] = [:]  // path → root
        var unreadableFolders: [PathProblems.Problem] = []
        for (number, (root, listing)) in listings.enumerated() {
            for (index, status) in listing.statuses.enumerated() where !trackedListed[number][index] {
                listed[ExactPath(status.path)] = root.path
            }
            unreadableFolders += listing.unreadableFolders.map {
                .init(path: $0.path, reason: "folder not read: \($0.problem)")
            }
        }
        // Identity wins over content: every gone file is first looked for by its identity, and only
        // the ones still unfound by their fingerprint, so two files with the same text can never
        // take each other's place.
        var claimed = Set<ExactPath>()
        var moves: [(TrackedFile, String)] = []
        // The tracked folders' untracked files are every gone file's candidates: looked at once;
        // and beside each gone file, its old folder's untracked files (one listing per folder).
        let untrackedStatuses = listed.keys.map(\.path).sorted().compactMap { try? fileSystem.status(of: $0) }
        var besideFolder: [String: [FileStatus]] = [:]
        var beside: [String: [FileStatus]] = [:]
        for file in gone {
            let found = try await candidatesBeside(
                file, among: listed, listedBefore: &besideFolder, fileSystem: fileSystem, trackedFiles: trackedFiles,
                machine: services.machine)
            if !found.isEmpty { beside[file.id] = found }
        }
        let candidates = MoveCandidates(shared: untrackedStatuses, beside: beside)
        for file in gone {
            guard let identity = file.identity,
                let match = candidates.sameFile(as: identity, for: file, claimed: claimed)
            else { continue }
            claimed.insert(ExactPath(match.path))
            moves.append((file, match.path))
        }
        let foundByIdentity = Set(moves.map(\.0.id))
        // A candidate with the gone file's text that is also the text of a tracked file still in
        // place is more likely a copy of that one: it is taken only when nothing else is found.
        // Read only when files are gone and others appeared, when tracking the new ones reads them all too.
        var presentFingerprints = Set<UInt64>()
        if !gone.isEmpty, !listed.isEmpty {
            let goneIDs = Set(gone.map(\.id))
            let changed = Set(toCount)
            for file in try await trackedFiles.all()
            where !goneIDs.contains(file.id) && file.belongs(to: services.machine) && file.state == .ok {
                // A file changed since its last count is read now: its copy has its text of now.
                if changed.contains(file.id) {
                    if let now = try? fileSystem.count(file.path, mode: file.mode) {
                        presentFingerprints.insert(now.fingerprint)
                    }
                } else if let fingerprint = file.fingerprint {
                    presentFingerprints.insert(fingerprint)
                }
            }
            // A file found at its new path by its identity is in place too, with its text of now.
            for (_, path) in moves {
                if let now = try? fileSystem.count(path, mode: CountingMode.forPath(path)) {
                    presentFingerprints.insert(now.fingerprint)
                }
            }
        }
        var copies: [(TrackedFile, String)] = []
        // A candidate's fingerprint (a hash of its bytes, read without counting) is read once,
        // however many gone files have its size.
        var fingerprintOfCandidate: [String: UInt64?] = [:]
        for file in gone where !foundByIdentity.contains(file.id) {
            guard let fingerprint = file.fingerprint else { continue }
            for status in candidates.ofSize(file.size, for: file) where !claimed.contains(ExactPath(status.path)) {
                let candidateFingerprint =
                    fingerprintOfCandidate[status.path]
                    ?? (try? fileSystem.fingerprint(of: status.path))
                fingerprintOfCandidate[status.path] = candidateFingerprint
                guard candidateFingerprint == fingerprint else { continue }
                if presentFingerprints.contains(fingerprint) {
                    copies.append((file, status.path))
                    continue
                }
                claimed.insert(ExactPath(status.path))
                moves.append((file, status.path))
                break
            }
        }
        // Then by text: a file moved and then saved with changes before this update (an editor's
        // atomic save at its new path) has neither its identity nor its fingerprint, but most of its words.
        let foundSoFar = Set(moves.map(\.0.id))
        let copyPaths = Set(copies.map { ExactPath($0.1) })
        var claimedOrCopies = claimed.union(copyPaths)
        moves += Self.pairBySimilarity(
            gone.filter { !foundSoFar.contains($0.id) }, candidates: candidates, claimed: &claimedOrCopies,
            copiesOf: presentFingerprints, listed: listed, fileSystem: fileSystem)
        claimed = claimedOrCopies.subtracting(copyPaths.subtracting(claimed))
        // Last, the copies of files in place, for the gone files still unfound.
        for (file, path) in copies
        where !claimed.contains(ExactPath(path)) && !moves.contains(where: { $0.0.id == file.id }) {
            claimed.insert(ExactPath(path))
            moves.append((file, path))
        }
        let movedIDs = Set(moves.map(\.0.id))
        let missing = gone.filter { !movedIDs.contains($0.id) }
        let newPaths = listed.keys.filter { !claimed.contains($0) }.map(\.path).sorted()
        // Folders a `track` left half-way that were listed whole now: their files are all tracked below.
        let unfinished = listings.map(\.root).filter { $0.trackingInProgress == true }.map(\.path)

        // 3. Write it down, in batches. `summary` counts only what was committed, so an update
        // stopped by a failure can say what it saved.
        do {
            try await save(
                toCount: toCount, moves: moves, missing: missing, newPaths: newPaths, listed: listed, roots: roots,
                unfinished: unfinished, summary: &summary, in: context)
        } catch let error where !(error is CancellationError) && (error as? any RetryableError)?.isRetryable != true {
            guard summary.savedAnything else { throw error }
            throw UpdateInterrupted(
                recounted: summary.changed, moved: summary.moved, missing: summary.missing, added: summary.added,
                underlying: error)
        }
        // Everything else is done and saved; the files below these folders could not be looked at.
        if !unreadableFolders.isEmpty { throw PathProblems(unreadableFolders) }
    }

    /// Step 1 for some index entries: which files are unchanged, which need counting, which are gone.
    private struct Comparison: Sendable {
        let listedStatuses: [FileStatuses]
        let fileSystem: any FileSystem
        let machine: String?
        let markdownExclusions: MarkdownExclusions

        /// What comparing some entries found.
        struct Outcome: Sendable {
            var checked = 0
            var toCount: [String] = []
            var goneIDs: [String] = []
            /// The listed statuses (listing number, position) of tracked files.
            var listed: [(Int, Int)] = []
        }

        /// Compares `entries` with the listings, or with the file system for a file not listed.
        func compare(_ entries: ArraySlice<IndexEntry>) -> Outcome {
            var outcome = Outcome()
            outcome.listed.reserveCapacity(entries.count)
            // The listings searched in place: the two halves of a page search them at once.
            FileStatuses.withLookups(listedStatuses) { listings in
                entries.withUnsafeBufferPointer { entries in
                    // Not empty when it has entries, so the buffer has a base address then.
                    guard let first = entries.baseAddress else { return }
                    for position in entries.indices {
                        // Each entry read in place (not copied, its id and fields retained), its compared
                        // fields lent in one pass: no string is built for a path or a stamp.
                        let entry = first + position
                        entry.pointee.withValues(of: UpdateWordCounts.comparedFields) { values in
                            compare(entry.pointee.key.id, values, with: listings, into: &outcome)
                        }
                    }
                }
            }
            return outcome
        }

        /// Compares one entry, whose ``UpdateWordCounts/comparedFields`` are `values`.
        private func compare(
            _ id: String, _ values: UnsafeBufferPointer<FieldView>, with listedStatuses: [FileStatuses.Lookup],
            into outcome: inout Outcome
        ) {
            if let machine, case .string(let own) = values[3], !PathBytes.same(machine, own) { return }
            outcome.checked += 1
            guard case .string(let pathBytes) = values[0] else {
                outcome.toCount.append(id)
                return
            }
            var listed: (number: Int, index: Int)?
            for number in listedStatuses.indices {
                guard let index = listedStatuses[number].firstIndex(ofPathBytes: pathBytes) else { continue }
                outcome.listed.append((number, index))
                if listed == nil { listed = (number, index) }
            }
            // A file counted by other rules than the settings' now is counted again (its mode
            // is its path's: the mode it was tracked with). The path's string is built only for
            // this and for a file not listed.
            let path = markdownExclusions.isEmpty && listed != nil ? nil : String(decoding: pathBytes, as: UTF8.self)
            let exclusions =
                if let path, !markdownExclusions.isEmpty, CountingMode.forPath(path) == .markdown {
                    markdownExclusions
                } else {
                    MarkdownExclusions()
                }
            do {
                // The listed status's facts, without a copy of its path.
                let (kind, identity, size, modified) =
                    if let listed {
                        listedStatuses[listed.number].facts(at: listed.index)
                    } else {
                        try fileSystem.status(of: path ?? "").facts
                    }
                if kind == .regular
                    && TrackedFile.isUnchanged(
                        stamp: values[1], birth: values[2], identity: identity, size: size, modified: modified,
                        exclusions: exclusions)
                {
                    return
                }
                outcome.toCount.append(id)
            } catch .notFound {
                outcome.goneIDs.append(id)
            } catch {
                outcome.toCount.append(id)  // counting reports the problem
            }
        }
    }

    /// The page of `query` after `token`; none when there is no token (the last page was read).
    private static func page(
        of query: Query<TrackedFile>, after token: PageToken?, in trackedFiles: Repository<TrackedFile>
    ) async throws -> IndexEntryPage? {
        guard let token else { return nil }
        return try await trackedFiles.indexEntryPage(query, after: token)
    }

    /// The index fields step 1 compares: the path, then what ``TrackedFile/isUnchanged(stamp:birth:identity:size:modified:exclusions:)``
    /// needs, then the machine the file belongs to (``TrackedFile/belongs(_:to:)``).
    private static let comparedFields = [
        "path", TrackedFile.stampField, TrackedFile.birthField, TrackedFile.machineField,
    ]

    /// How many index entries step 1 reads at once.
    private static let pageSize = 1_000

    /// Every tracked folder's listing; a folder that cannot be listed now (gone, unreadable) has
    /// none, and its files are looked at one by one.
    private static func list(
        _ roots: [TrackedRoot], in fileSystem: any FileSystem
    ) -> [(root: TrackedRoot, listing: FolderListing)] {
        roots.compactMap { root in
            (try? fileSystem.listing(of: root.path, matching: root.filter, recursive: true)).map { (root, $0) }
        }
    }

    /// Recounts, follows, marks missing and tracks, in batches, then records the summary.
    private func save(
        toCount: [String], moves: [(TrackedFile, String)], missing: [TrackedFile], newPaths: [String],
        listed: [ExactPath: String], roots: [TrackedRoot], unfinished: [String], summary: inout Summary,
        in context: RunContext<WordCounterServices>
    ) async throws {
        let services = context.services
        let total = toCount.count + moves.count + missing.count
        var done = 0
        let recordCount = RecordCount(services: services)
        // The identities files had before an editor's atomic save gave them new ones (a hard link
        // to one keeps it, and is that file's text of before, now a file of its own), and the
        // texts files had before this update recounted them (a copy made before the edit): new
        // files with either are copies, no writing.
        var formerSelves = Set<FileIdentity>()
        var formerTexts = Set<UInt64>()
        for batch in toCount.chunked(into: 200) {
            try context.checkCancellation()
            let (saved, formerInBatch, textsInBatch) = try await services.persistence.perform { unitOfWork in
                var saved = Summary(checked: 0)
                var formerInBatch: [FileIdentity] = []
                var textsInBatch: [UInt64] = []
                for id in batch {
                    guard let current = try await unitOfWork.repository(TrackedFile.self).find(id) else { continue }
                    let (counted, outcome) = try await recordCount(current, in: unitOfWork)
                    if let before = current.identity, let now = counted.identity, !now.isSameFile(as: before) {
                        formerInBatch.append(before)
                    }
                    if let before = current.fingerprint, counted.fingerprint != before { textsInBatch.append(before) }
                    switch outcome {
                    case .changed: saved.changed += 1
                    case .unreadable: saved.unreadable += 1
                    case .gone: try markMissing(current, in: unitOfWork, summary: &saved)
                    case .unchanged: break
                    }
                }
                return (saved, formerInBatch, textsInBatch)
            }
            formerSelves.formUnion(formerInBatch)
            formerTexts.formUnion(textsInBatch)
            summary.add(saved)
            done += batch.count
            context.reportProgress(completed: done, total: total, message: "counting")
        }
        let saved = try await services.persistence.perform { unitOfWork in
            var saved = Summary(checked: 0)
            let repository = unitOfWork.repository(TrackedFile.self)
            var renamed: [(file: TrackedFile, formerPath: String, from: String, to: String)] = []
            for (file, destination) in moves {
                // Another process (an update or a watcher at once) may have followed it already:
                // then it is no longer where this one saw it gone from, or it is at its destination
                // (followed between reading its index entry and decoding it), and is left to that one.
                guard var current = try await repository.find(file.id), PathBytes.same(current.path, file.path),
                    !PathBytes.same(current.path, destination)
                else { continue }
                current.move(to: destination, root: listed[ExactPath(destination)] ?? current.root)
                // Counted first as the document it was (another machine may have counted its new
                // words first, from its copy there: they are claimed, not counted again), then it
                // is the document at its new path in its folder.
                let (counted, outcome) = try await recordCount(current, in: unitOfWork)
                var moved = counted
                if moved.document != nil || moved.machine != nil {
                    moved.document = roots.first { $0.path == moved.root }?.documentKey(for: destination)
                    // The document goes with it: the other machines' copies follow it there.
                    if let from = counted.document, let to = moved.document {
                        renamed.append((moved, file.path, from, to))
                    }
                }
                try repository.update(moved)
                saved.moved += 1
                if outcome == .changed { saved.changed += 1 }
            }
            try await recordCount.moveDocuments(renamed, in: unitOfWork)
            for file in missing {
                guard let current = try await repository.find(file.id), PathBytes.same(current.path, file.path)
                else { continue }
                try markMissing(current, in: unitOfWork, summary: &saved)
            }
            return saved
        }
        summary.add(saved)
        if !newPaths.isEmpty {
            let discovered = TrackFiles.keeping(
                newPaths.map { DiscoveredFile(path: $0, root: listed[ExactPath($0)]) }, within: allowedRoots,
                in: context)
            // Second names of tracked files (hard and symbolic links) are skipped, not counted as new.
            // Their files were recounted above when they changed.
            // New files are today's writing, copies of tracked files excepted.
            summary.added = try await TrackFiles.trackNew(
                discovered, recountingAliased: false, countingAsWriting: services.settings.value.newFilesCountAsWriting,
                formerSelves: formerSelves, formerTexts: formerTexts, in: context)
        }
        if !unfinished.isEmpty {
            var interrupted: [String: Int] = [:]
            for root in unfinished { interrupted[root] = newPaths.filter { listed[ExactPath($0)] == root }.count }
            try await TrackFiles.finishTracking(of: unfinished, interrupted: interrupted, in: context)
        }
        let event = summary.event
        guard summary.savedAnything || summary.unreadable > 0 else {
            // Nothing changed: nothing to store (a write would cost the database a commit and the
            // process a checkpoint when it closes), and no other process has news to hear. This
            // process's subscribers (the CLI's summary line) still hear it.
            services.persistence.events.publish(event)
            return
        }
        try await services.persistence.perform { unitOfWork in
            try unitOfWork.record(event)
        }
    }

    /// Pairs gone files with candidates whose text is mostly theirs (``ContentSketch/likeness(to:)``),
    /// one to one: files that were in place at the last update before files missing since an
    /// earlier one, then the most alike first (to a tenth) and, between equally alike ones, a
    /// candidate with the file's name, then the closest in size; claims the paths it pairs.
    ///
    /// Near-copies that move and change between two updates can be told apart by nothing but
    /// these preferences: the pairing is then a good guess, not a certainty.
    ///
    /// Only files with a sketch take part, only candidates `listed` in tracked folders (or, for a
    /// file tracked by name, beside it), and each candidate is read once, when there is any. A
    /// candidate with the text of a file in place (its fingerprint in `present`) is its copy, and
    /// takes no gone file's place.
    static func pairBySimilarity(
        _ unfound: [TrackedFile], candidates: MoveCandidates, claimed: inout Set<ExactPath>,
        copiesOf present: Set<UInt64>, listed: [ExactPath: String], fileSystem: any FileSystem
    ) -> [(TrackedFile, String)] {
        let files = unfound.filter { $0.sketch != nil }
        guard !files.isEmpty else { return [] }
        // Each candidate once: the shared ones first (every gone file's), then those beside a
        // file tracked by name. Its path, size, whether its folders' filters take it, and its
        // sketch — empty for a path claimed already or a copy of a file in place, which take no
        // gone file's place.
        var paths: [String] = []
        var sizes: [Int64] = []
        var inListing: [Bool] = []
        var sketches: [ContentSketch] = []
        var indexOfPath: [String: Int] = [:]
        // When every gone file's sketch is full, no candidate hash above the largest they keep
        // takes part in a likeness: those are not kept (most of a long text's are).
        let limit =
            files.allSatisfy { $0.sketch?.hashes.count == ContentSketch.capacity }
            ? files.compactMap { $0.sketch?.hashes.last }.max() ?? .max : .max
        func add(_ status: FileStatus) -> Int {
            if let known = indexOfPath[status.path] { return known }
            let path = ExactPath(status.path)
            let taken = claimed.contains(path)
            let copy =
                !taken && !present.isEmpty
                && (try? fileSystem.fingerprint(of: status.path)).map { present.contains($0) } == true
            indexOfPath[status.path] = paths.count
            paths.append(status.path)
            sizes.append(status.size)
            inListing.append(listed[path] != nil)
            let sketch = taken || copy ? nil : try? fileSystem.fullSketch(of: status.path, upTo: limit)
            sketches.append(sketch ?? ContentSketch())
            return paths.count - 1
        }
        for status in candidates.shared { _ = add(status) }
        let sharedCount = paths.count
        // Beside a file tracked by name, its siblings too (a file the writer untracked in its
        // folder is excluded, never a candidate); a file of a tracked folder has only the shared.
        var besideOfFile: [Set<Int>] = []
        for file in files {
            besideOfFile.append(
                file.root == nil ? Set((candidates.beside[file.id] ?? []).map { add($0) }) : [])
        }
        // A gone file and a candidate can be alike only when they share a word run: the
        // candidate's runs are looked up among the gone files' kept ones, so that only those
        // pairs are compared, not every gone file with every candidate.
        var filesOfRun: [UInt32: [Int]] = [:]
        for (index, file) in files.enumerated() {
            for hash in file.sketch?.hashes ?? [] { filesOfRun[hash, default: []].append(index) }
        }
        var pairs: [(fresh: Bool, similarity: Int, sameName: Bool, sizeGap: UInt64, file: Int, path: String)] = []
        // How many kept runs each gone file shares with the candidate at hand (reset after each).
        var shared = [Int](repeating: 0, count: files.count)
        var sharing: [Int] = []
        for candidate in paths.indices where !sketches[candidate].hashes.isEmpty {
            for hash in sketches[candidate].hashes {
                for index in filesOfRun[hash] ?? [] {
                    if shared[index] == 0 { sharing.append(index) }
                    shared[index] += 1
                }
            }
            // Alike needs at least three shared runs when the gone file's sketch is full (half of
            // 16 to be similar, three quarters of 16 or of at least 4 to be contained), unless the
            // candidate has fewer than four runs in all.
            let tiny = sketches[candidate].hashes.count < 4
            defer {
                for index in sharing { shared[index] = 0 }
                sharing.removeAll(keepingCapacity: true)
            }
            for index in sharing {
                let file = files[index]
                guard let sketch = file.sketch,
                    shared[index] >= 3 || tiny || sketch.hashes.count < ContentSketch.capacity
                else { continue }
                let allowed =
                    candidate < sharedCount
                    ? file.root == nil || inListing[candidate] : besideOfFile[index].contains(candidate)
                guard allowed, let similarity = sketch.likeness(to: sketches[candidate]) else { continue }
                let path = paths[candidate]
                pairs.append(
                    (
                        file.state != .missing, Int(similarity * 10),
                        path.split(separator: "/").last == file.path.split(separator: "/").last,
                        (file.size &- sizes[candidate]).magnitude, index, path
                    ))
            }
        }
        // A file that was in place at the last update goes before one missing since an earlier one;
        // then likeness (estimates within a tenth are alike), the name, the size as last seen.
        pairs.sort {
            ($0.fresh ? 1 : 0, $0.similarity, $0.sameName ? 1 : 0, $1.sizeGap, $1.path)
                > ($1.fresh ? 1 : 0, $1.similarity, $1.sameName ? 1 : 0, $0.sizeGap, $0.path)
        }
        var paired = Set<Int>()
        var pairedTexts = Set<PairedText>()
        var moves: [(TrackedFile, String)] = []
        for pair in pairs where !paired.contains(pair.file) && !claimed.contains(ExactPath(pair.path)) {
            // One text is one document: a second candidate with the very text of one paired
            // already is its copy, not where another gone file went.
            let text = indexOfPath[pair.path].map { PairedText(hashes: sketches[$0].hashes, size: sizes[$0]) }
            guard let text, pairedTexts.insert(text).inserted else { continue }
            paired.insert(pair.file)
            claimed.insert(ExactPath(pair.path))
            moves.append((files[pair.file], pair.path))
        }
        return moves
    }

    /// What tells a candidate's text from another's in the pairing: its kept hashes and its size.
    private struct PairedText: Hashable {
        let hashes: [UInt32]
        let size: Int64
    }

    /// Marks a file missing, reporting it only the first time.
    private func markMissing(_ file: TrackedFile, in unitOfWork: UnitOfWork, summary: inout Summary) throws {
        summary.missing += 1
        var missing = file
        if missing.markMissing() { try unitOfWork.repository(TrackedFile.self).update(missing) }
    }

    /// Where `file` could have gone besides the tracked folders' untracked files: the untracked
    /// files of its old parent folder outside those (even when that folder is not tracked: a
    /// rename in place), with their status; each folder is listed once (`listedBefore`).
    private func candidatesBeside(
        _ file: TrackedFile, among listed: [ExactPath: String], listedBefore: inout [String: [FileStatus]],
        fileSystem: any FileSystem, trackedFiles: Repository<TrackedFile>, machine: String?
    ) async throws -> [FileStatus] {
        let parent = String(file.path[..<(file.path.lastIndex(of: "/") ?? file.path.startIndex)])
        if let known = listedBefore[parent] { return known }
        var candidates: [String] = []
        if !parent.isEmpty, let siblings = try? fileSystem.files(in: parent, matching: FileFilter(), recursive: false) {
            for sibling in siblings where listed[ExactPath(sibling)] == nil {
                // Outside the tracked folders' listings: a candidate unless tracked by name.
                let named = try await trackedFiles.indexEntries(Query().where(\.path, equals: sibling))
                if !named.contains(where: { TrackedFile.belongs($0, to: machine) }) { candidates.append(sibling) }
            }
        }
        let statuses = candidates.compactMap { try? fileSystem.status(of: $0) }
        listedBefore[parent] = statuses
        return statuses
    }

    private struct Summary {
        var checked: Int
        var changed = 0
        var moved = 0
        var missing = 0
        var unreadable = 0
        var added = 0

        /// Whether any change was counted: what a failure after it would leave saved.
        var savedAnything: Bool { changed + moved + missing + added > 0 }

        /// Adds what one committed batch did.
        mutating func add(_ other: Summary) {
            changed += other.changed
            moved += other.moved
            missing += other.missing
            unreadable += other.unreadable
            added += other.added
        }

        var event: WordCountsUpdated {
            WordCountsUpdated(
                checked: checked, changed: changed, moved: moved, missing: missing, unreadable: unreadable,
                added: added)
        }
    }
}
