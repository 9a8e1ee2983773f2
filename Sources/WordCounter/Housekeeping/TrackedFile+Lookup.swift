import Harbor

extension TrackedFile {
    /// How many characters of an identifier name a file, as `git` takes a short commit hash.
    public static let shortestIDPrefix = 4

    /// The file whose identifier is `id` or, failing that, the one file whose identifier ends or
    /// starts with it. Its last characters are what `missing` shows: identifiers are time-ordered
    /// (`TimeOrderedID`), so files tracked together share their first characters, while
    /// the last ones are random.
    /// - Throws: ``HousekeepingError/unknownID(_:)``, ``HousekeepingError/ambiguousID(_:matches:)`` or
    ///   ``HousekeepingError/idTooShort(_:)``.
    static func find(idOrPrefix id: String, in files: Repository<TrackedFile>) async throws -> TrackedFile {
        if let file = try await files.find(id) { return file }
        guard id.count >= shortestIDPrefix else { throw HousekeepingError.idTooShort(id) }
        // Keys only, from the index: no file is decoded to look.
        let matches = try await files.indexEntries(Query<TrackedFile>()).filter {
            $0.key.id.hasSuffix(id) || $0.key.id.hasPrefix(id)
        }
        guard let match = matches.first else { throw HousekeepingError.unknownID(id) }
        guard matches.count == 1 else { throw HousekeepingError.ambiguousID(id, matches: matches.count) }
        guard let file = try await files.find(match.key.id) else { throw HousekeepingError.unknownID(id) }
        return file
    }
}
