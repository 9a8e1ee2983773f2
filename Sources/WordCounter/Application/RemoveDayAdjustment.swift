public import Harbor

/// Removes an adjustment: its day is back to its counted words and its other adjustments (a
/// command; ``DayAdjustmentRemoved`` tells what happened). Files' counts are never touched.
public struct RemoveDayAdjustment: UseCase, Codable {
    /// The adjustment's identifier, or four or more of its last (or first) characters.
    public let id: String

    /// Creates the command.
    public init(id: String) {
        self.id = id
    }

    /// Returns the adjustment removed, so the caller can say which.
    /// - Throws: ``InvalidAdjustment/unknownID(_:)``, ``InvalidAdjustment/ambiguousID(_:matches:)``
    ///   or ``InvalidAdjustment/idTooShort(_:)``.
    @discardableResult
    public func execute(in context: RunContext<WordCounterServices>) async throws -> DayAdjustment {
        try await context.persistence.perform { unitOfWork in
            let adjustments = unitOfWork.repository(DayAdjustment.self)
            var adjustment = try await DayAdjustment.find(idOrPrefix: id, in: adjustments)
            adjustment.events.raise(
                DayAdjustmentRemoved(id: adjustment.id, day: adjustment.day, words: adjustment.words))
            try adjustments.remove(adjustment)
            return adjustment
        }
    }
}
