public import ArgumentParser
import Foundation
import WordCounter

extension HistoryGrouping: ExpressibleByArgument {}

/// `wordcounter history`: net words written per day or week; `history adjust` corrects a day.
struct History: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show words written per day (or week, or month), with totals and averages, today last.",
        usage: """
            wordcounter history [--days <n>] [--by <day|week|month|machine>] [--project <name>] [--json]
              wordcounter history --year [--ascii] [--project <name>]
              wordcounter history adjust <day> <words> --note <text>
              wordcounter history adjustments
            """,
        discussion: """
            WORDS is net writing: for each file, its last count that day minus its count before. \
            Deleting text makes it smaller; a file that moves, goes missing or is untracked is \
            not negative writing. ADDED is gross writing: the increases between successive \
            counts, never negative.

            With --by week each entry is a week, dated by its Monday, summing the days of the \
            range that fall in it (the first week may be partial); --by month likewise per \
            calendar month. With --by machine each day also shows the words written on each \
            machine (see --machine), beside the day's total; writing recorded before machines \
            were named is under "unnamed". Under the table: the totals, and the averages per \
            day, per writing day (a day with any writing) and per week or month (none for a \
            single day).

            With --year, the last 365 days at a glance: a heatmap in text, one character a day, \
            a column a week (Monday at the top), the months above, darker for more words, with \
            the dashboard's legend under it. With a daily goal the darkest shade is a day that \
            reached it; without one the shades split the busiest day in quarters. A UTF-8 \
            terminal gets the blocks ·░▒▓█; any other (or --ascii) gets .-+*#. Colour only on a \
            terminal, and never with NO_COLOR set.

            A day found wrong (notes pasted into a tracked file), or words written where no file \
            counted them, is corrected with `history adjust`: the adjustment is kept apart with \
            its note, included in the day's WORDS and shown in ADJUSTED and under the table.

              wordcounter history
              wordcounter history --days 56 --by week
              wordcounter history --days 365 --by month
              wordcounter history --days 30 --json
              wordcounter history --project Novel
              wordcounter history --by machine
              wordcounter history --year
              wordcounter history adjust 2026-11-20 -500 --note "pasted notes"
              wordcounter history adjustments
            """,
        subcommands: [Adjust.self, Adjustments.self])

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("How many days back, today included (1 to 3660).", valueName: "n"))
    var days: Int = 14

    @Option(
        help: ArgumentHelp(
            "Sum per day, per week (weeks start on Monday), per month, or per day and machine.",
            valueName: "day|week|month|machine"))
    var by: HistoryGrouping = .day

    @Option(help: ArgumentHelp("Only the files of this project (see `wordcounter project`).", valueName: "name"))
    var project: String?

    @Flag(
        help: """
            Print [{"date":"YYYY-MM-DD","words":…,"added":…}], with "adjusted" and "adjustments":[…] on \
            adjusted days (with --by machine, "machines":{name:words}).
            """)
    var json = false

    @Flag(help: "Show the last 365 days as a heatmap in text, with the dashboard's legend.")
    var year = false

    @Flag(help: "With --year, plain characters (.-+*#) instead of Unicode blocks, whatever the terminal.")
    var ascii = false

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError("--days must be between 1 and 3660") }
        if year {
            if days != 14 { throw ValidationError("--year always shows the last 365 days: leave out --days") }
            if by != .day { throw ValidationError("--year shows days: leave out --by") }
            if json { throw ValidationError("--year draws a picture: for the numbers, use --days 365 --json") }
        } else if ascii {
            throw ValidationError("--ascii goes with --year")
        }
    }

    /// The first of the table's options given (`--days`, `--by`, `--project`), which `adjust` and
    /// `adjustments` have no use for: Argument Parser gives them to `history` wherever they are typed.
    var tableOption: String? {
        if year { return "--year" }
        if days != 14 { return "--days" }
        if by != .day { return "--by" }
        return project == nil ? nil : "--project"
    }

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(readingOnly: true, in: scope)
        if year {
            try await printYear(app)
            return
        }
        // One entry a day (with each machine's share when asked), summed per week or month here.
        let daily = try await app.run(
            ShowHistory(days: days, grouping: by == .machine ? .machine : .day, project: project))
        let entries = ShowHistory.grouped(daily, by: by, calendar: app.services.calendar)
        if json {
            try Terminal.printJSON(entries)
            return
        }
        let peak = max(1, entries.map(\.words).max() ?? 1)
        // With adjustments in the range, their sum per entry beside ADDED: WORDS includes them.
        let adjusted = entries.contains { !$0.adjustments.isEmpty }
        // With --by machine, one column per machine between the day's total and the bar.
        let machines = Set(entries.flatMap { $0.machines?.keys.map { $0 } ?? [] }).sorted()
        let rows = entries.map { entry -> [String] in
            let bar = String(repeating: "█", count: max(0, entry.words) * 30 / peak)
            let adjustment = adjusted ? [entry.adjustments.isEmpty ? "" : entry.adjusted.signedGrouped] : []
            let shares = machines.map { (entry.machines?[$0] ?? 0).grouped }
            return [entry.date.rawValue, entry.words.grouped, entry.added.grouped] + adjustment + shares + [bar]
        }
        let dateHeader = ["day": "DATE", "week": "WEEK OF", "month": "MONTH OF"][by.rawValue] ?? "DATE"
        let header =
            [dateHeader, "WORDS", "ADDED"] + (adjusted ? ["ADJUSTED"] : []) + machines.map { $0.uppercased() } + [""]
        let numbers = 3 + (adjusted ? 1 : 0) + machines.count
        print(TextTable(header: header, rows: rows, rightAligned: Set(1..<numbers)).text)
        for adjustment in entries.flatMap(\.adjustments) { print(Self.adjustmentLine(adjustment)) }
        print(Self.totalsLine(HistoryTotals(days: daily), by: by))
    }

    /// `history --year`: the heatmap, in the characters and colours the terminal can show.
    private func printYear(_ app: WordCounterApp) async throws {
        let entries = try await app.run(ShowHistory(days: 365, project: project))
        let goal = try await app.run(ShowGoalProgress()).goal
        let environment = ProcessInfo.processInfo.environment
        var heatmap = TextHeatmap(entries: entries, goal: goal, calendar: app.services.calendar)
        heatmap.unicode = !ascii && TextHeatmap.localeIsUTF8(environment)
        heatmap.color = TextHeatmap.colorAllowed(environment, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
        print(heatmap.lines.joined(separator: "\n"))
    }

    /// `Adjusted 2026-11-20 by -500: pasted notes (ID 3f2a9c1d)`, with the machine when it is named.
    static func adjustmentLine(_ adjustment: DayAdjustment) -> String {
        let machine = adjustment.machine.map { ", on \($0.escapedForTerminal)" } ?? ""
        return "Adjusted \(adjustment.day) by \(adjustment.words.signedGrouped): "
            + "\(adjustment.note.escapedForTerminal) (ID \(String(adjustment.id.suffix(8)))\(machine))"
    }

    /// `Total: 12,345 words (13,000 added) in 30 days · 412 a day · 686 a writing day (18) · 2,881 a week`
    /// (`(13,000 added, -500 adjusted)` when the range has adjustments); the total alone for one day,
    /// which no average would add to.
    static func totalsLine(_ totals: HistoryTotals, by grouping: HistoryGrouping) -> String {
        func rounded(_ value: Double) -> String { Int(value.rounded()).grouped }
        let adjusted = totals.adjustments == 0 ? "" : ", \(totals.adjusted.signedGrouped) adjusted"
        let total =
            "Total: \(totals.words.grouped) words (\(totals.added.grouped) added\(adjusted)) in \(totals.days.grouped) "
            + (totals.days == 1 ? "day" : "days")
        guard totals.hasAverages else { return total }
        var parts = [
            total,
            "\(rounded(totals.averagePerDay)) a day",
            "\(rounded(totals.averagePerWritingDay)) a writing day (\(totals.writingDays.grouped))",
        ]
        switch grouping {
        case .day, .week, .machine: parts.append("\(rounded(totals.averagePerWeek)) a week")
        case .month: parts.append("\(rounded(totals.averagePerMonth)) a month")
        }
        return parts.joined(separator: " · ")
    }
}
