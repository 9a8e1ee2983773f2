import Harbor

extension DayAdjustment {
    /// How many characters of an identifier name an adjustment, as for a tracked file.
    public static let shortestIDPrefix = 4

    /// The adjustment whose identifier is `id` or, failing that, the one whose identifier ends or
    /// starts with it: `history adjustments` shows the last eight characters, the random ones.
    /// - Throws: ``InvalidAdjustment/unknownID(_:)``, ``InvalidAdjustment/ambiguousID(_:matches:)``
    ///   or ``InvalidAdjustment/idTooShort(_:)``.
    static func find(idOrPrefix id: String, in adjustments: Repository<DayAdjustment>) async throws -> DayAdjustment {
        if let adjustment = try await adjustments.find(id) { return adjustment }
        guard id.count >= shortestIDPrefix else { throw InvalidAdjustment.idTooShort(id) }
        let matches = try await adjustments.indexEntries(Query<DayAdjustment>()).filter {
            $0.key.id.hasSuffix(id) || $0.key.id.hasPrefix(id)
        }
        guard let match = matches.first else { throw InvalidAdjustment.unknownID(id) }
        guard matches.count == 1 else { throw InvalidAdjustment.ambiguousID(id, matches: matches.count) }
        guard let adjustment = try await adjustments.find(match.key.id) else { throw InvalidAdjustment.unknownID(id) }
        return adjustment
    }
}
