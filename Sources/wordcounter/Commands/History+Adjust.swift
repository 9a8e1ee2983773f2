import ArgumentParser
import Foundation
import WordCounter

extension History {
    /// `wordcounter history adjust DAY WORDS --note TEXT`: corrects or backfills a day;
    /// `--remove ID` takes an adjustment back.
    struct Adjust: ScopedCommand {
        static let configuration = CommandConfiguration(
            commandName: "adjust",
            abstract: "Correct a day's words, or add words no file counted, with a note saying why.",
            usage: """
                wordcounter history adjust <day> <words> --note <text>
                  wordcounter history adjust --remove <id>
                """,
            discussion: """
                WORDS are added to the day; a negative number takes words away (notes pasted \
                into a tracked file, a draft counted twice). The adjustment is kept as a record of \
                its own with its note: `history` includes it in the day's total and shows it \
                apart, in ADJUSTED and under the table; `goal`, streaks, `status` and the \
                dashboard count the same total; `export` writes it as a row of kind adjustment. \
                No file's count changes; `--remove ID` takes an adjustment back.

                DAY is today or a day before it, YYYY-MM-DD. The note is required: one line, at \
                most 200 characters. Adjustments belong to no project (`history --project` leaves \
                them out); on a shared database they carry the machine they were made on.

                  wordcounter history adjust 2026-11-20 -500 --note "pasted notes"
                  wordcounter history adjust 2026-11-21 800 --note "written on paper"
                  wordcounter history adjustments
                  wordcounter history adjust --remove 3f2a9c1d
                """)

        @OptionGroup var options: GlobalOptions
        /// `history`'s options, typed anywhere after `history`: refused here.
        @ParentCommand var history: History

        @Argument(help: ArgumentHelp("The day to correct, YYYY-MM-DD: today or before.", valueName: "day"))
        var day: String?

        // All unrecognized: a negative number (`-500`) is a value here, not a short option.
        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp("Words to add; negative to take away (such as -500); not 0.", valueName: "words"))
        var words: [String] = []

        // Unconditional: a note may start with a dash (`--note "-500: pasted notes"`).
        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Why: required, one line of at most 200 characters.", valueName: "text"))
        var note: String?

        @Option(
            help: ArgumentHelp(
                "Remove the adjustment with this ID (see `history adjustments`) instead of adding one.",
                valueName: "id"))
        var remove: String?

        func validate() throws {
            if let option = history.tableOption ?? (history.json ? "--json" : nil) {
                // An adjustment belongs to no project, and is one record, not a table.
                throw ValidationError("\(option) is an option of `history`'s table, not of `history adjust`")
            }
            if let remove {
                guard day == nil, words.isEmpty, note == nil else {
                    throw ValidationError("--remove takes an ID alone: wordcounter history adjust --remove \(remove)")
                }
                return
            }
            _ = try parsed()
        }

        /// The day, the words and the note, checked as the adjustment will check them.
        private func parsed() throws -> (day: Day, words: Int, note: String) {
            guard let text = day else {
                throw ValidationError("give the day and the words, such as: 2026-11-20 -500 --note \"pasted notes\"")
            }
            guard let day = Day(rawValue: text) else {
                throw ValidationError(InvalidAdjustment.notADay(text).description)
            }
            guard let first = words.first else {
                throw ValidationError("give the words to add after the day, such as 800 or -500")
            }
            // Captured with the words: an option this command does not know.
            if let unknown = words.first(where: { $0.hasPrefix("-") && Int($0) == nil }) {
                throw ValidationError("unknown option '\(unknown)'")
            }
            guard words.count == 1 else {
                throw ValidationError("unexpected '\(words[1])': give one day and one number of words")
            }
            guard let count = Int(first) else {
                throw ValidationError("'\(first)' is not a number of words; give one such as 800 or -500")
            }
            if let problem = DayAdjustment.problem(words: count) { throw ValidationError(problem.description) }
            guard let note else { throw ValidationError(InvalidAdjustment.missingNote.description) }
            if let problem = DayAdjustment.problem(note: note) { throw ValidationError(problem.description) }
            return (day, count, note.trimmingCharacters(in: .whitespaces))
        }

        func run(in scope: ServiceScope) async throws {
            let app = try await options.app(in: scope)
            if let remove {
                let removed = try await app.run(RemoveDayAdjustment(id: remove))
                print(
                    "Removed the adjustment of \(removed.day) by \(removed.words.signedGrouped) words "
                        + "(\(removed.note.escapedForTerminal)).")
                print(Self.dayLine(try await app.run(ShowDayTotal(day: removed.day))))
                return
            }
            let (day, words, note) = try parsed()
            let id: String
            do {
                id = try await app.run(AdjustDay(day: day, words: words, note: note))
            } catch let error as InvalidAdjustment {
                // A day after today is a wrong value typed, like an impossible date: a usage error.
                Terminal.standardError("Error: " + error.description.escapedForTerminal)
                throw ExitCode.validationFailure
            }
            print(
                "Adjusted \(day) by \(words.signedGrouped) words (\(note.escapedForTerminal)); "
                    + "ID \(String(id.suffix(8))).")
            print(Self.dayLine(try await app.run(ShowDayTotal(day: day))))
        }

        /// `2026-11-20: 1,234 words (1,734 counted, -500 adjusted).`
        static func dayLine(_ total: DayTotal) -> String {
            guard !total.adjustments.isEmpty else { return "\(total.day): \(total.words.grouped) words." }
            return "\(total.day): \(total.words.grouped) words (\(total.counted.grouped) counted, "
                + "\(total.adjusted.signedGrouped) adjusted)."
        }
    }
}
