public import Harbor

/// A query: the full history, one row per file and day with writing, by day then path, and one
/// row per adjustment (``ExportRow/Kind/adjustment``), after the day's files in the order made.
///
/// A file still tracked is named by its current path; an untracked one by where it was that day.
public struct ExportHistory: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [ExportRow] {
        let services = context.services
        let files = try await services.persistence.repository(TrackedFile.self).all()
        let paths = Dictionary(files.map { ($0.id, $0.path) }, uniquingKeysWith: { first, _ in first })
        let records = try await services.persistence.repository(DailyCount.self).all()
        let counted = records.map { record in
            ExportRow(
                date: record.day, path: paths[record.fileID] ?? record.path ?? record.fileID, words: record.net,
                added: record.added,
                total: record.endWords)
        }
        .sorted { ($0.date, $0.path ?? "") < ($1.date, $1.path ?? "") }
        let adjustments = try await ShowDayAdjustments().execute(in: context).map(ExportRow.init)
        // Both sorted by day: merged, each day's adjustments after its files.
        var rows: [ExportRow] = []
        rows.reserveCapacity(counted.count + adjustments.count)
        var next = adjustments.startIndex
        for row in counted {
            while next < adjustments.endIndex, adjustments[next].date < row.date {
                rows.append(adjustments[next])
                next += 1
            }
            rows.append(row)
        }
        return rows + adjustments[next...]
    }
}
