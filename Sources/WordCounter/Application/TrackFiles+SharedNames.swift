import Harbor

/// The names that make folders on several machines one manuscript (`track FOLDER --as NAME`),
/// and the warning when two machines hold the same text under two names.
extension TrackFiles {
    /// Gives `root` (this machine's folder) the shared name `name`: its files become copies of
    /// the documents of that name, counted once with every machine's copies of them. Their
    /// history so far stays where it was recorded.
    /// - Throws: ``SharedNameError`` when machines are not named, or another folder of this
    ///   machine has the name.
    static func name(
        _ root: inout TrackedRoot, _ name: String, among mine: [TrackedRoot], services: WordCounterServices,
        in unitOfWork: UnitOfWork
    ) async throws {
        guard services.machine != nil else {
            throw SharedNameError(
                "--as names a folder that several machines share; give this machine a name "
                    + "(--machine NAME or WORDCOUNTER_MACHINE), as on a shared PostgreSQL database")
        }
        if let problem = SharedNameError.problem(with: name) { throw SharedNameError(problem) }
        if let other = mine.first(where: { $0.name == name && $0.path != root.path }) {
            throw SharedNameError("'\(name)' is already the name of \(other.path) on this machine")
        }
        guard root.name != name else { return }
        root.name = name
        let files = unitOfWork.repository(TrackedFile.self)
        for var file in try await files.query(Query().where(\.root, equals: root.path))
        where file.belongs(to: services.machine) {
            let document = root.documentKey(for: file.path)
            guard file.document != document else { continue }
            file.document = document
            try files.update(file)
        }
    }

    /// Records ``SameTextUnderAnotherName`` for each folder of `paths` (this machine's) whose
    /// files have the text (content fingerprint) of files another machine tracks in a folder of
    /// another name. Only on named machines, and only where another machine tracks folders.
    static func reportSameText(in paths: [String], context: RunContext<WordCounterServices>) async throws {
        let services = context.services
        guard let machine = services.machine, !paths.isEmpty else { return }
        let roots = try await services.persistence.repository(TrackedRoot.self).all()
        let others = roots.filter { $0.machine != nil && $0.machine != machine && $0.name != nil }
        let mine = roots.filter { $0.machine == machine && paths.contains($0.path) }
        guard !others.isEmpty, !mine.isEmpty else { return }
        let files = try await services.persistence.repository(TrackedFile.self).all()
        var fingerprints: [String: Set<UInt64>] = [:]  // a root's id → its files' fingerprints
        for file in files {
            guard let fingerprint = file.fingerprint, (file.words ?? 0) > 0, let root = file.root else { continue }
            fingerprints[TrackedRoot.id(path: root, machine: file.machine), default: []].insert(fingerprint)
        }
        try await services.persistence.perform { unitOfWork in
            for root in mine {
                let here = fingerprints[root.id] ?? []
                for other in others where other.name != root.name {
                    // `others` only holds named folders.
                    guard let otherName = other.name, let otherMachine = other.machine else { continue }
                    let alike = here.intersection(fingerprints[other.id] ?? []).count
                    guard alike > 0 else { continue }
                    try unitOfWork.record(
                        SameTextUnderAnotherName(
                            path: root.path, name: root.name, otherMachine: otherMachine, otherPath: other.path,
                            otherName: otherName, files: alike))
                }
            }
        }
    }
}
