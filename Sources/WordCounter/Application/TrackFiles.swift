public import Harbor

/// Starts tracking files and folders: a folder's matching files now, and new ones on later updates.
///
/// Each new file is counted once; that first count is its baseline, so tracking a finished draft
/// writes no words that day. Files that appear later in a tracked folder (found by an update or
/// the watcher, ``init(discovered:)``) are new writing instead: their words count today, unless
/// the file is a copy of a tracked one. Files already tracked are left as they are, and so is a second name
/// of a tracked file (a hard link, a symbolic link to it): one file is one document, reported with
/// ``FileAliasSkipped``. Reports ``FileTracked`` per file; paths that cannot be tracked are thrown
/// together as ``PathProblems`` at the end, with the subfolders of a tracked folder that could not
/// be read.
///
/// On a named machine (``WordCounterServices/machine``) a folder is tracked on that machine, under
/// a name (its last path component, unless another folder of the machine has it): the copies of
/// one manuscript in folders of one name on several machines, synced by a file-sync tool, are one
/// ``SyncedDocument``, counted once. `sharedName` gives one folder another name (`track FOLDER
/// --as NAME`): folders of different names on two machines become one manuscript. A folder whose
/// files have the text of another machine's folder of another name is reported with
/// ``SameTextUnderAnotherName``.
public struct TrackFiles: UseCase {
    /// The files and folders, as the user typed them.
    public let paths: [String]
    /// Which files of a folder count.
    public let filter: FileFilter
    /// The name the one folder given is shared under with other machines, instead of its own.
    public let sharedName: String?
    /// Files an update found in tracked folders, with their folder; tracked without looking again.
    let discovered: [DiscoveredFile]
    /// Where the discovered files may really be (``init(discovered:within:)``); nil: anywhere.
    var allowedRoots: AllowedRoots?

    /// Creates the use case; `sharedName` (`--as`) names the one folder of `paths` for every machine.
    public init(paths: [String], filter: FileFilter = FileFilter(), sharedName: String? = nil) {
        self.paths = paths
        self.filter = filter
        self.sharedName = sharedName
        self.discovered = []
    }

    /// Tracks files already found in tracked folders.
    public init(discovered: [DiscoveredFile]) {
        self.paths = []
        self.filter = FileFilter()
        self.sharedName = nil
        self.discovered = discovered
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        let fileSystem = services.fileSystem
        var problems: [PathProblems.Problem] = []
        var found: [DiscoveredFile] = []
        var statuses = FileStatuses()  // what listing the folders said of their files
        var roots: [TrackedRoot] = []
        for given in paths {
            let path = fileSystem.absolutePath(given)
            do {
                let status = try fileSystem.status(of: path)
                switch status.kind {
                case .directory:
                    roots.append(TrackedRoot(path: path, filter: filter))
                    let listing = try fileSystem.listing(of: path, matching: filter, recursive: true)
                    found += listing.files.map { DiscoveredFile(path: $0, root: path) }
                    statuses = statuses.merging(listing.statuses)
                    // Tracked all the same (its files are found once it can be read), and said.
                    problems += listing.unreadableFolders.map {
                        .init(path: $0.path, reason: "folder not read: \($0.problem)")
                    }
                case .regular:
                    found.append(DiscoveredFile(path: path, root: nil))
                default:
                    problems.append(.init(path: given, reason: FileProblem.notRegularFile(status.kind).description))
                }
            } catch {
                problems.append(.init(path: given, reason: error.description))
            }
        }
        if sharedName != nil && (roots.count != 1 || paths.count != 1) {
            throw SharedNameError("--as names one folder: give exactly one folder to track")
        }
        try await services.persistence.perform { unitOfWork in
            let saved = unitOfWork.repository(TrackedRoot.self)
            var mine = try await saved.all().filter { $0.belongs(to: services.machine) }
            for var root in roots {
                if var existing = mine.first(where: { $0.path == root.path }) {
                    let before = existing
                    existing.filter = root.filter
                    if let sharedName {
                        try await Self.name(&existing, sharedName, among: mine, services: services, in: unitOfWork)
                    }
                    if existing != before { try saved.update(existing) }
                    continue
                }
                // Until every file below it is tracked: an interrupted run leaves the rest a baseline.
                root.trackingInProgress = true
                if let machine = services.machine {
                    root.machine = machine
                    // A name another folder of this machine has would make two folders' files one.
                    let name = TrackedRoot.defaultName(of: root.path)
                    root.name = mine.contains { $0.name == name } ? nil : name
                }
                if let sharedName {
                    try await Self.name(&root, sharedName, among: mine, services: services, in: unitOfWork)
                }
                try saved.add(root)
                mine.append(root)
            }
        }
        // Files that appeared in tracked folders since (update, watch) are today's writing.
        if !discovered.isEmpty {
            let asWriting = services.settings.value.newFilesCountAsWriting  // `config set new-files`
            try await Self.trackNew(
                Self.keeping(discovered, within: allowedRoots, in: context), countingAsWriting: asWriting, in: context)
        }
        try await Self.trackNew(consume found, statuses: statuses, in: context)
        try await Self.finishTracking(of: roots.map(\.path), in: context)
        try await Self.reportSameText(in: roots.map(\.path), context: context)
        if !problems.isEmpty { throw PathProblems(problems) }
    }

    /// Records that every file below `paths` is tracked now (``TrackedRoot/trackingInProgress``
    /// cleared), with ``FolderTrackingFinished`` for a folder that an earlier run left half-way
    /// (`interrupted`, by path: how many of its files this run tracked).
    static func finishTracking(
        of paths: [String], interrupted: [String: Int] = [:], in context: RunContext<WordCounterServices>
    ) async throws {
        let services = context.services
        try await services.persistence.perform { unitOfWork in
            let saved = unitOfWork.repository(TrackedRoot.self)
            for var root in try await saved.all()
            where root.belongs(to: services.machine) && root.trackingInProgress == true && paths.contains(root.path) {
                root.trackingInProgress = nil
                try saved.update(root)
                if let files = interrupted[root.path] {
                    try unitOfWork.record(FolderTrackingFinished(path: root.path, files: files))
                }
            }
        }
    }

    /// Tracks the files of `found` that are not tracked yet, in batches, and returns how many.
    ///
    /// One file is one document whatever names point at it: a name whose file (device, inode,
    /// birth time; symbolic links followed) is already tracked under another name — a hard link,
    /// a symbolic link — is not tracked again. It is reported with ``FileAliasSkipped``, and, when
    /// `recountingAliased`, the file it names is recounted, since a write through that name (which
    /// is what the watcher sees) changed it.
    ///
    /// When `countingAsWriting` (files that appeared in a tracked folder after it was tracked), a
    /// new file's words are today's writing: a chapter started and written before the next update
    /// counts. A copy of a tracked file (the same content fingerprint) stays a baseline, and so does
    /// a file with one of `formerSelves`: the identity a tracked file had before an atomic save gave
    /// it a new one (a hard link to it keeps the old file, with its text of before), or one of
    /// `formerTexts`: a text a tracked file had before this update recounted it (a copy made
    /// before the edit).
    /// `statuses` are what listing the folders said of the files, by path: each spares a status call.
    @discardableResult
    static func trackNew(
        _ found: consuming [DiscoveredFile], statuses: FileStatuses = FileStatuses(), recountingAliased: Bool = true,
        countingAsWriting: Bool = false, formerSelves: Set<FileIdentity> = [], formerTexts: Set<UInt64> = [],
        in context: RunContext<WordCounterServices>
    ) async throws -> Int {
        let services = context.services
        let everywhere = try await services.persistence.repository(TrackedFile.self).all()
        // Other machines' files are elsewhere: only this machine's paths and names are taken here.
        let tracked = everywhere.filter { $0.belongs(to: services.machine) }
        let roots = try await services.persistence.repository(TrackedRoot.self).all().filter {
            $0.belongs(to: services.machine)
        }
        let known = Set(tracked.map { ExactPath($0.path) })
        // Below a folder whose tracking has not finished, a file is part of what was there when the
        // writer tracked it: a baseline, however it is found.
        let unfinished = Set(roots.filter { $0.trackingInProgress == true }.map(\.path))
        // In path order, a batch's files sit together in the path indexes: each commit rewrites a
        // few of their pages instead of one per file. Sorted, a path given twice is given side by
        // side, and only its first is kept.
        var new = (consume found).filter { !known.contains(ExactPath($0.path)) }
        // The files of folders whose tracking has not finished go first: they are what was there,
        // so a copy of one elsewhere (same fingerprint) is known for a copy when its turn comes.
        // So do files another machine counted first (their document is known): a new file here
        // with the same text is a copy of that document, whichever name comes first.
        let countedElsewhere = try await Self.countedElsewhere(new, roots: roots, services: services)
        new.sort {
            let (first, second) = (unfinished.contains($0.root ?? ""), unfinished.contains($1.root ?? ""))
            guard first == second else { return first }
            let (shared, other) = (countedElsewhere.contains($0.path), countedElsewhere.contains($1.path))
            return shared != other ? shared : PathBytes.precedes($0.path, $1.path)
        }
        new = zip(new.indices, new).filter { index, file in
            index == 0 || !PathBytes.same(new[index - 1].path, file.path)
        }.map(\.1)
        var names = FileNames(tracked, fileSystem: services.fileSystem, capacity: tracked.count + new.count)
        var fingerprints = Set(everywhere.compactMap(\.fingerprint)).union(formerTexts)
        var added = 0
        let recordCount = RecordCount(services: services)
        for (index, batch) in new.chunked(into: 200).enumerated() {
            try context.checkCancellation()
            // What this batch notes is kept apart until it is committed (a retried batch starts
            // again from the names before it), without copying all the names for each batch: the
            // batch reads them through a copy that ends with the batch, so the merge below finds
            // them unshared and adds in place.
            let (addedInBatch, batchNames, batchFingerprints) = try await Self.withEarlier(names, fingerprints) {
                earlierNames, earlierFingerprints in
                try await services.persistence.perform { unitOfWork in
                    var addedInBatch = 0
                    var batchNames = FileNames([], fileSystem: services.fileSystem)
                    var batchFingerprints = Set<UInt64>()
                    for entry in batch {
                        let status = statuses[entry.path] ?? (try? services.fileSystem.status(of: entry.path))
                        if let status,
                            let originalPath = batchNames.trackedName(of: status, otherThan: entry.path)
                                ?? earlierNames.trackedName(of: status, otherThan: entry.path),
                            let original = try await unitOfWork.repository(TrackedFile.self)
                                .query(Query().where(\.path, equals: originalPath))
                                .first(where: { $0.belongs(to: services.machine) })
                        {
                            try unitOfWork.record(
                                FileAliasSkipped(path: entry.path, fileID: original.id, trackedPath: original.path))
                            if recountingAliased { _ = try await recordCount(original, in: unitOfWork) }
                            continue
                        }
                        let document = roots.first { $0.path == entry.root }?.documentKey(for: entry.path)
                        // A copy of a document another machine counted already is no new writing.
                        let shared = try await document.asyncMap {
                            try await unitOfWork.repository(SyncedDocument.self).find($0)
                        }.flatMap { $0.isLeft ? nil : $0 }
                        let synced = shared.map { $0.copies[services.machine ?? ""] == nil } ?? false
                        let file = try await track(
                            entry.path, root: entry.root, document: document, services: services,
                            recordCount: recordCount, in: unitOfWork)
                        if let status { batchNames.note(file.path, identity: status.identity) }
                        addedInBatch += 1
                        try unitOfWork.record(FileTracked(fileID: file.id, path: file.path, words: file.words))
                        guard let fingerprint = file.fingerprint else { continue }
                        if countingAsWriting, !synced, let words = file.words, words > 0,
                            !unfinished.contains(entry.root ?? ""),
                            status.map({ formerSelves.contains($0.identity) }) != true,
                            !batchFingerprints.contains(fingerprint), !earlierFingerprints.contains(fingerprint)
                        {
                            // Brought by a sync before the machine that wrote it counted it: another
                            // machine's writing, until that one claims it.
                            let typedHere = document == nil || status?.arrivedBySync != true
                            var today = DailyCount(
                                fileID: file.id, day: services.today, startWords: 0,
                                machine: typedHere ? services.machine : DailyCount.syncedMachine)
                            today.record(words)
                            today.path = file.path
                            try unitOfWork.repository(DailyCount.self).save(today)
                            // The session log's entry: a new chapter's words were written now.
                            try unitOfWork.repository(WritingChange.self).add(
                                WritingChange(
                                    fileID: file.id, time: services.now(), day: services.today, previous: 0,
                                    words: words, machine: today.machine))
                        }
                        // A new file whose words another machine counted first (its sync brought
                        // them), written here: the words are this machine's.
                        // What it holds beyond that count was written here since: this machine's too.
                        if countingAsWriting, synced, let shared, status?.arrivedBySync != true,
                            let words = file.words
                        {
                            // Everything the other machine counted of it first was written here.
                            let counted = shared.words ?? words
                            if counted > 0 {
                                try await recordCount.claimSynced(counted, of: shared, path: file.path, in: unitOfWork)
                            }
                            let documents = unitOfWork.repository(SyncedDocument.self)
                            if let counted = shared.words, counted != words,
                                var document = try await documents.find(shared.id)
                            {
                                try await recordCount.recordToday(
                                    fileID: shared.fileID, path: file.path, previous: counted, words: words,
                                    machine: services.machine, in: unitOfWork)
                                document.words = words
                                document.machine = services.machine
                                try documents.update(document)
                            }
                        }
                        batchFingerprints.insert(fingerprint)
                    }
                    return (addedInBatch, batchNames, batchFingerprints)
                }
            }
            names.merge(batchNames)
            fingerprints.formUnion(batchFingerprints)
            added += addedInBatch
            context.reportProgress(completed: min(new.count, (index + 1) * 200), total: new.count, message: "tracking")
        }
        return added
    }

    /// The paths of `files` whose document another machine has counted and this one has no copy
    /// of yet; empty where folders have no names (one machine's own database).
    private static func countedElsewhere(
        _ files: [DiscoveredFile], roots: [TrackedRoot], services: WordCounterServices
    ) async throws -> Set<String> {
        let named = Dictionary(roots.filter { $0.name != nil }.map { ($0.path, $0) }) { first, _ in first }
        guard !named.isEmpty else { return [] }
        let documents = services.persistence.repository(SyncedDocument.self)
        var paths = Set<String>()
        for file in files {
            guard let key = file.root.flatMap({ named[$0] })?.documentKey(for: file.path),
                let document = try await documents.find(key), !document.isLeft,
                document.copies[services.machine ?? ""] == nil
            else { continue }
            paths.insert(file.path)
        }
        return paths
    }

    /// What `body` returns given `names` and `fingerprints`; its copies of them end with the call.
    private static func withEarlier<Result: Sendable>(
        _ names: FileNames, _ fingerprints: Set<UInt64>,
        _ body: (FileNames, Set<UInt64>) async throws -> Result
    ) async throws -> Result {
        try await body(names, fingerprints)
    }

    /// Adds the file and takes its first count as its baseline.
    private static func track(
        _ path: String, root: String?, document: String?, services: WordCounterServices, recordCount: RecordCount,
        in unitOfWork: UnitOfWork
    ) async throws -> TrackedFile {
        let file = TrackedFile(
            id: services.makeID(), path: path, root: root, mode: CountingMode.forPath(path),
            trackedAt: services.now(), machine: services.machine, document: document)
        let (counted, outcome) = try await recordCount(file, in: unitOfWork, isNew: true)
        if outcome == .gone {
            // Gone between listing and counting: tracked, and missing from the start.
            var missing = counted
            missing.state = .missing
            try unitOfWork.repository(TrackedFile.self).add(missing)
            return missing
        }
        return counted
    }
}

extension Optional {
    /// The value `transform` makes of the wrapped one, or nil.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T?) async rethrows -> T? {
        guard let value = self else { return nil }
        return try await transform(value)
    }
}

extension Array {
    /// The elements in consecutive slices of at most `size`.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
