public import Harbor

/// Starts tracking files and folders: a folder's matching files now, and new ones on later updates.
///
/// Each new file is counted once; that first count is its baseline, so tracking a finished draft
/// writes no words that day. Files already tracked are left as they are. Reports ``FileTracked``
/// per file; paths that cannot be tracked are thrown together as ``PathProblems`` at the end.
public struct TrackFiles: UseCase {
    /// The files and folders, as the user typed them.
    public let paths: [String]
    /// Which files of a folder count.
    public let filter: FileFilter
    /// Files an update found in tracked folders, with their folder; tracked without looking again.
    let discovered: [DiscoveredFile]

    /// Creates the use case.
    public init(paths: [String], filter: FileFilter = FileFilter()) {
        self.paths = paths
        self.filter = filter
        self.discovered = []
    }

    /// Tracks files already found in tracked folders.
    public init(discovered: [DiscoveredFile]) {
        self.paths = []
        self.filter = FileFilter()
        self.discovered = discovered
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        let fileSystem = services.fileSystem
        var problems: [PathProblems.Problem] = []
        var found = discovered
        var roots: [TrackedRoot] = []
        for given in paths {
            let path = fileSystem.absolutePath(given)
            do {
                let status = try fileSystem.status(of: path)
                switch status.kind {
                case .directory:
                    roots.append(TrackedRoot(path: path, filter: filter))
                    found += try fileSystem.files(in: path, matching: filter).map {
                        DiscoveredFile(path: $0, root: path)
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
        let known = Set(try await services.persistence.repository(TrackedFile.self).all().map(\.path))
        var seen = Set<String>()
        let new = found.filter { !known.contains($0.path) && seen.insert($0.path).inserted }
        try await services.persistence.perform { unitOfWork in
            let saved = unitOfWork.repository(TrackedRoot.self)
            for root in roots {
                if let existing = try await saved.find(root.path) {
                    if existing.filter != root.filter { try saved.update(root) }
                } else {
                    try saved.add(root)
                }
            }
        }
        let recordCount = RecordCount(services: services)
        for (index, batch) in new.chunked(into: 200).enumerated() {
            try context.checkCancellation()
            try await services.persistence.perform { unitOfWork in
                for entry in batch {
                    let file = try await track(
                        entry.path, root: entry.root, services: services, recordCount: recordCount, in: unitOfWork)
                    try unitOfWork.record(FileTracked(fileID: file.id, path: file.path, words: file.words))
                }
            }
            context.reportProgress(completed: min(new.count, (index + 1) * 200), total: new.count, message: "tracking")
        }
        if !problems.isEmpty { throw PathProblems(problems) }
    }

    /// Adds the file and takes its first count as its baseline.
    private func track(
        _ path: String, root: String?, services: WordCounterServices, recordCount: RecordCount,
        in unitOfWork: UnitOfWork
    ) async throws -> TrackedFile {
        let file = TrackedFile(
            id: services.makeID(), path: path, root: root, mode: CountingMode.forPath(path),
            trackedAt: services.now())
        try unitOfWork.repository(TrackedFile.self).add(file)
        let (counted, outcome) = try await recordCount(file, in: unitOfWork)
        if outcome == .gone {
            // Gone between listing and counting: tracked, and missing from the start.
            var missing = counted
            missing.state = .missing
            try unitOfWork.repository(TrackedFile.self).update(missing)
            return missing
        }
        return counted
    }
}

extension Array {
    /// The elements in consecutive slices of at most `size`.
    func chunked(into size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
