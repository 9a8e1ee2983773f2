public import Foundation
public import Harbor

/// A query: the session log of the last `days` days, oldest first. A session runs from the first
/// change after a pause of more than `pauseMinutes` to the last change before the next such
/// pause, across every file; on a named machine, the changes counted there (and before machines
/// were named).
///
/// Changes are recorded from this version on: writing counted before has no time and is in no
/// session (it is still in `history`).
public struct ShowWritingSessions: UseCase, Codable {
    /// How many days back, today included.
    public let days: Int
    /// The pause, in minutes, that ends a session.
    public let pauseMinutes: Int

    /// Creates the query.
    public init(days: Int = 7, pauseMinutes: Int = 30) {
        self.days = max(1, days)
        self.pauseMinutes = max(1, pauseMinutes)
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [SessionLogEntry] {
        let services = context.services
        let today = services.today
        let first = today.adding(days: -(days - 1), calendar: services.calendar)
        let changes = try await context.persistence.repository(WritingChange.self)
            .query(Query<WritingChange>().where(\.day, in: min(first, today)...today))
            .filter { change in
                services.machine == nil || change.machine == nil || change.machine == services.machine
            }
            .sorted { $0.time < $1.time }
        return Self.sessions(of: changes, pause: TimeInterval(pauseMinutes * 60))
    }

    /// `changes`, in time order, grouped where more than `pause` seconds pass between two.
    public static func sessions(of changes: [WritingChange], pause: TimeInterval) -> [SessionLogEntry] {
        var sessions: [SessionLogEntry] = []
        var group: [WritingChange] = []
        func close() {
            guard let start = group.first?.time, let end = group.last?.time else { return }
            sessions.append(
                SessionLogEntry(
                    start: start, end: end, added: group.reduce(0) { $0 + $1.added },
                    removed: group.reduce(0) { $0 + $1.removed }, files: Set(group.map(\.fileID)).count,
                    changes: group.count))
            group = []
        }
        for change in changes {
            if let last = group.last, change.time.timeIntervalSince(last.time) > pause { close() }
            group.append(change)
        }
        close()
        return sessions
    }
}
