public import Foundation
public import Harbor

/// A query: net and gross words per day (or week, or month) for the last `days` days, in every file
/// or in one project's, one entry for every day in the range, days without writing as 0, today last.
/// A week or month is dated by its first day and sums the days of the range in it, so the first
/// and last may be partial. With ``HistoryGrouping/machine``, each day also says how many words each
/// machine wrote (every machine that wrote in the range has an entry on every day, 0 where it wrote
/// nothing).
///
/// A day's words are its ``DayTotal``: counted words plus the writer's adjustments, which each
/// entry also lists. Adjustments belong to no file, so with a `project` there are none.
public struct ShowHistory: UseCase, Codable {
    /// How many days back, today included.
    public let days: Int
    /// Per day, week or month.
    public let grouping: HistoryGrouping
    /// Only the writing in this project's files (any case), or in every file when nil.
    public let project: String?

    /// Creates the query.
    public init(days: Int, grouping: HistoryGrouping = .day, project: String? = nil) {
        self.days = max(1, days)
        self.grouping = grouping
        self.project = project
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [HistoryEntry] {
        let services = context.services
        let calendar = services.calendar
        let today = services.today
        // One query per collection for the whole range: `day` is indexed, and days sort in time order as text.
        let first = today.adding(days: -(days - 1), calendar: calendar)
        let range = min(first, today)...today
        var counts = try await services.persistence.repository(DailyCount.self)
            .query(Query<DailyCount>().where(\.day, in: range))
        var adjustments = try await services.persistence.repository(DayAdjustment.self)
            .query(Query<DayAdjustment>().where(\.day, in: range))
        if let project {
            counts = try await Self.counts(counts, in: project, services: services)
            adjustments = []
        }
        let totals = DayTotal.byDay(counts: counts, adjustments: adjustments)
        var byMachine: [Day: [String: Int]] = [:]
        var machines = Set<String>()
        if grouping == .machine {
            let shares =
                counts.map { ($0.day, $0.machine, $0.net) } + adjustments.map { ($0.day, $0.machine, $0.words) }
            for (day, name, words) in shares {
                let machine = name ?? HistoryEntry.unnamedMachine
                machines.insert(machine)
                byMachine[day, default: [:]][machine, default: 0] += words
            }
        }
        var entries: [HistoryEntry] = []
        for offset in stride(from: days - 1, through: 0, by: -1) {
            let day = today.adding(days: -offset, calendar: calendar)
            let total = totals[day] ?? DayTotal(day: day)
            let perMachine =
                grouping == .machine
                ? Dictionary(uniqueKeysWithValues: machines.map { ($0, byMachine[day]?[$0] ?? 0) }) : nil
            entries.append(
                HistoryEntry(
                    date: day, words: total.words, added: total.added, adjustments: total.adjustments,
                    machines: perMachine))
        }
        return Self.grouped(entries, by: grouping, calendar: calendar)
    }

    /// Days (oldest first) summed per period of `grouping`, each dated by its period's first day.
    public static func grouped(
        _ days: [HistoryEntry], by grouping: HistoryGrouping, calendar: Calendar
    ) -> [HistoryEntry] {
        guard grouping == .week || grouping == .month else { return days }
        var periods: [HistoryEntry] = []
        for entry in days {
            let start = grouping.periodStart(of: entry.date, calendar: calendar)
            if let last = periods.last, last.date == start {
                periods[periods.count - 1] = HistoryEntry(
                    date: start, words: last.words + entry.words, added: last.added + entry.added,
                    adjustments: last.adjustments + entry.adjustments)
            } else {
                periods.append(
                    HistoryEntry(date: start, words: entry.words, added: entry.added, adjustments: entry.adjustments))
            }
        }
        return periods
    }

    /// The records of files in the project now, or whose path was in it on their day.
    /// - Throws: ``InvalidProject/notFound(_:)`` when no project has that name.
    private static func counts(
        _ counts: [DailyCount], in name: String, services: WordCounterServices
    ) async throws -> [DailyCount] {
        guard let project = try await services.persistence.repository(Project.self).find(Project.id(named: name))
        else { throw InvalidProject.notFound(name) }
        let files = try await services.persistence.repository(TrackedFile.self).indexEntries(Query<TrackedFile>())
        let ids = Set(project.members(of: files).map(\.id))
        return counts.filter { ids.contains($0.fileID) || $0.path.map(project.contains(path:)) == true }
    }
}
