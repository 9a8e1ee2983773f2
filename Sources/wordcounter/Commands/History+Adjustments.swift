import ArgumentParser
import WordCounter

extension History {
    /// `wordcounter history adjustments`: every adjustment with its ID, for `adjust --remove`.
    struct Adjustments: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "adjustments",
            abstract: "List every adjustment of a day: its ID, day, words, when it was made and its note.",
            discussion: """
                Oldest day first. The ID column holds the last eight characters of each ID: four or \
                more of its last characters name the adjustment to `history adjust --remove`.

                  wordcounter history adjustments
                  wordcounter history adjust --remove 3f2a9c1d
                  wordcounter history adjustments --json
                """)

        @OptionGroup var options: GlobalOptions
        /// `history`'s options, typed anywhere after `history`: its `--json` is this command's.
        @ParentCommand var history: History

        // Shown in this command's help; Argument Parser gives `--json` to `history`, which has
        // one too, so the value is read from there.
        @Flag(
            help:
                "Print [{\"id\":…,\"day\":\"YYYY-MM-DD\",\"words\":…,\"note\":…,\"madeAt\":\"ISO 8601\",\"machine\":…}]."
        )
        var json = false

        func validate() throws {
            if let option = history.tableOption {
                throw ValidationError("\(option) is an option of `history`'s table, not of `history adjustments`")
            }
        }

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(readingOnly: true, in: scope)
            let adjustments = try await app.run(ShowDayAdjustments())
            if json || history.json {
                try Terminal.printJSON(adjustments)
                return
            }
            guard !adjustments.isEmpty else {
                print("No day is adjusted. Adjust one with: wordcounter history adjust DAY WORDS --note TEXT")
                return
            }
            let calendar = app.services.calendar
            let machines = adjustments.contains { $0.machine != nil }
            let rows = adjustments.map { adjustment in
                [String(adjustment.id.suffix(8)), adjustment.day.rawValue, adjustment.words.signedGrouped]
                    + [Day(adjustment.madeAt, calendar: calendar).rawValue]
                    + (machines ? [adjustment.machine?.escapedForTerminal ?? "-"] : [])
                    + [adjustment.note.escapedForTerminal]
            }
            let header = ["ID", "DAY", "WORDS", "MADE"] + (machines ? ["MACHINE"] : []) + ["NOTE"]
            print(TextTable(header: header, rows: rows, rightAligned: [2]).text)
            print("Remove one with: wordcounter history adjust --remove ID")
        }
    }
}
