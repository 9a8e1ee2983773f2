import Foundation
import WordCounter

/// `wordcounter history --year`: the last year as a heatmap in text, one character per day, a
/// column per week (Monday at the top), the months above, the dashboard's legend below.
///
/// The shades are ``HeatmapScale``'s, so a day is as dark here as on the page. In a UTF-8
/// terminal they are `·░▒▓█`; elsewhere, or with `--ascii`, `.-+*#`. Colour (the goal's shade
/// green, the others blue) only on a terminal, never with `NO_COLOR` set or `TERM=dumb`.
struct TextHeatmap {
    /// The days, oldest first, today last.
    let entries: [HistoryEntry]
    /// The daily goal, if any.
    let goal: Int?
    /// The calendar whose weeks the columns follow.
    let calendar: Calendar
    /// Unicode blocks (true) or plain ASCII characters.
    var unicode = true
    /// Whether to colour the shades with ANSI escapes.
    var color = false

    /// The characters of shades 0 to 4.
    var characters: [String] { unicode ? ["·", "░", "▒", "▓", "█"] : [".", "-", "+", "*", "#"] }

    /// The lines: months, the seven weekday rows, a blank line, the summary and the legend.
    var lines: [String] {
        guard let first = entries.first else { return [] }
        let scale = HeatmapScale(entries: entries, goal: goal)
        let weekday = calendar.component(.weekday, from: first.date.startDate(calendar: calendar))
        let offset = (weekday + 5) % 7  // rows from Monday
        let weeks = (offset + entries.count + 6) / 7
        let margin = "    "
        var months = [Character](repeating: " ", count: weeks)
        var rows = [[String]](repeating: [String](repeating: " ", count: weeks), count: 7)
        for (index, entry) in entries.enumerated() {
            let position = offset + index
            rows[position % 7][position / 7] = shade(scale.level(of: entry.words))
            // A month's name above the week its first day is in, where it fits before the next.
            if entry.date.rawValue.hasSuffix("-01") {
                let column = position / 7
                let name = Array(Self.monthName(entry.date))
                let end = column + name.count
                if end <= weeks, months[max(0, column - 1)..<end].allSatisfy({ $0 == " " }) {
                    months.replaceSubrange(column..<end, with: name)
                }
            }
        }
        let names = ["Mon", "", "Wed", "", "Fri", "", "Sun"]
        var lines = [margin + String(months).trimmingTrailingSpaces]
        for (row, cells) in rows.enumerated() {
            let name = names[row].padding(toLength: margin.count, withPad: " ", startingAt: 0)
            lines.append((name + cells.joined()).trimmingTrailingSpaces)
        }
        lines.append("")
        lines.append(summary)
        let legend = scale.shades.map { "\(shade($0.level)) \(plain($0.label(\.grouped)))" }
        lines.append("Legend: " + legend.joined(separator: "   "))
        return lines
    }

    /// `Writing over the last 365 days: 1 day with writing, 4 words`, as the dashboard says it.
    var summary: String {
        let writingDays = entries.count { $0.words > 0 }
        let total = entries.reduce(0) { $0 + max(0, $1.words) }
        func days(_ count: Int) -> String { "\(count.grouped) \(count == 1 ? "day" : "days")" }
        return "Writing over the last \(days(entries.count)): \(days(writingDays)) with writing, "
            + "\(total.grouped) \(total == 1 ? "word" : "words")"
    }

    /// Shade `level`'s character, coloured when asked.
    private func shade(_ level: Int) -> String {
        let character = characters[max(0, min(level, characters.count - 1))]
        guard color, level > 0 else { return character }
        let code = level == HeatmapScale.darkest ? "32" : level == 1 ? "2;34" : "34"
        return "\u{1B}[\(code)m\(character)\u{1B}[0m"
    }

    /// `text` with the en dash written as `-` when the output is plain ASCII.
    private func plain(_ text: String) -> String {
        unicode ? text : text.replacingOccurrences(of: "\u{2013}", with: "-")
    }

    /// `Jan` to `Dec`.
    static func monthName(_ day: Day) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = day.rawValue.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month) else { return "" }
        return months[month - 1]
    }

    /// Whether the terminal's character set is UTF-8, as the locale says (`LC_ALL`, else
    /// `LC_CTYPE`, else `LANG`; none set is the C locale, ASCII).
    static func localeIsUTF8(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.lowercased()
        return name.contains("utf-8") || name.contains("utf8")
    }

    /// Whether colour may be used: standard output is a terminal, `NO_COLOR` is unset or empty
    /// (no-color.org), and `TERM` is not `dumb`.
    static func colorAllowed(_ environment: [String: String], outputIsTerminal: Bool) -> Bool {
        outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }
}

extension String {
    /// The string without spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
