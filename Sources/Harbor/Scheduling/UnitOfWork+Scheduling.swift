public import Foundation

extension UnitOfWork {
    /// Schedules `useCase` to run at `date`, in this unit of work's commit: if the commit fails,
    /// nothing is scheduled. A ``Scheduler`` that knows the use case's type runs it once it is due.
    /// - Parameters:
    ///   - useCase: what to run; its type must be registered with the ``Scheduler``.
    ///   - date: when it is due, on the persistence's clock.
    ///   - id: the schedule's identifier, for ``cancelScheduled(_:)``; a new time-ordered one by
    ///     default.
    /// - Returns: the schedule's identifier.
    @discardableResult
    public func schedule<U: UseCase & Codable>(_ useCase: U, at date: Date, id: String = TimeOrderedID.make()) throws
        -> String
    {
        let run = ScheduledRun(
            id: id, useCaseName: Scheduler<U.Services>.name(of: U.self), useCase: try JSONEncoder().encode(useCase),
            dueAt: date)
        try repository(ScheduledRun.self).add(run)
        return id
    }

    /// Schedules `useCase` to run `delay` after now (the persistence's clock), in this commit.
    /// - Parameters:
    ///   - useCase: what to run; its type must be registered with the ``Scheduler``.
    ///   - delay: how long after now it is due.
    ///   - id: the schedule's identifier, for ``cancelScheduled(_:)``.
    /// - Returns: the schedule's identifier.
    @discardableResult
    public func schedule<U: UseCase & Codable>(_ useCase: U, after delay: Duration, id: String = TimeOrderedID.make())
        throws -> String
    {
        try schedule(useCase, at: persistence.now().addingTimeInterval(delay.timeInterval), id: id)
    }

    /// Cancels the scheduled run `id` in this commit; returns false when there is none (it ran,
    /// or was never scheduled).
    public func cancelScheduled(_ id: String) async throws -> Bool {
        let runs = repository(ScheduledRun.self)
        guard let run = try await runs.find(id) else { return false }
        try runs.remove(run)
        return true
    }
}
