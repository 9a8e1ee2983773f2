import Foundation
import WordCounter

/// A year of writing as a calendar heatmap, an inline SVG drawn by the server: one square per day,
/// a column per week (Monday at the top), darker for more words.
///
/// The shades follow `HeatmapScale`: with a daily goal the darkest squares are the days that
/// reached it; without one, the shades split the busiest day's words in quarters. A day without
/// net writing is empty. Each square has a `<title>` with its date and words; the whole has a
/// title that says how many days had writing; ``legend`` says what each shade means in words, and
/// ``monthTable`` is the same year as text, month by month, for screen readers and small screens.
struct YearHeatmap {
    /// The days, oldest first, today last (365 for a year).
    let entries: [HistoryEntry]
    /// The daily goal, if any.
    let goal: Int?
    /// The calendar whose weeks the columns follow.
    let calendar: Calendar

    private let cell = 11.0
    private let gap = 3.0
    private let left = 30.0
    private let top = 16.0

    /// The shades, shared with `wordcounter history --year` so both legends say the same.
    var scale: HeatmapScale { HeatmapScale(entries: entries, goal: goal) }

    /// The shade (0 to 4) of a day with `words` net words.
    func level(of words: Int) -> Int { scale.level(of: words) }

    /// The `<svg>` element.
    var svg: HTML {
        guard let first = entries.first else { return "" }
        let weekday = calendar.component(.weekday, from: first.date.startDate(calendar: calendar))
        let offset = (weekday + 5) % 7  // rows from Monday
        let weeks = (offset + entries.count + 6) / 7
        let width = left + Double(weeks) * (cell + gap)
        let height = top + 7 * (cell + gap)
        let scale = self.scale
        var parts: [HTML] = []
        parts.append(
            "<svg class=\"heatmap\" viewBox=\"0 0 \(HistoryChart.number(width)) \(HistoryChart.number(height))\" "
                + "width=\"\(HistoryChart.number(width))\" height=\"\(HistoryChart.number(height))\" "
                + "role=\"img\" aria-labelledby=\"heatmap-title\" xmlns=\"http://www.w3.org/2000/svg\">")
        parts.append("<title id=\"heatmap-title\">\(summary)</title>")
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            parts.append(
                "<text class=\"axis\" x=\"0\" y=\"\(HistoryChart.number(top + Double(row) * (cell + gap) + cell - 1))\">"
                    + "\(name)</text>")
        }
        for (index, entry) in entries.enumerated() {
            let position = offset + index
            let column = Double(position / 7)
            let row = Double(position % 7)
            let x = left + column * (cell + gap)
            let y = top + row * (cell + gap)
            if entry.date.rawValue.hasSuffix("-01"), position / 7 < weeks - 1 {
                // A month's name above the week its first day falls in.
                let month = String(HistoryChart.shortDate(entry.date).prefix(3))
                parts.append("<text class=\"axis\" x=\"\(HistoryChart.number(x))\" y=\"10\">\(month)</text>")
            }
            var classes = ["day", "level-\(scale.level(of: entry.words))"]
            if index == entries.count - 1 { classes.append("today") }
            let label = "\(entry.date.rawValue): \(WordNumber.text(entry.words)) words"
            parts.append(
                "<rect class=\"\(classes.joined(separator: " "))\" x=\"\(HistoryChart.number(x))\" "
                    + "y=\"\(HistoryChart.number(y))\" width=\"\(HistoryChart.number(cell))\" "
                    + "height=\"\(HistoryChart.number(cell))\" rx=\"2\"><title>\(label)</title></rect>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// `Writing over the last 365 days: 1 day with writing, 4 words`: the heatmap's title.
    var summary: String {
        let writingDays = entries.count { $0.words > 0 }
        let total = entries.reduce(0) { $0 + max(0, $1.words) }
        return "Writing over the last \(Self.days(entries.count)): \(Self.days(writingDays)) with writing, "
            + "\(WordNumber.text(total)) \(total == 1 ? "word" : "words")"
    }

    /// `1 day`, `12 days`, `1,234 days`.
    static func days(_ count: Int) -> String {
        "\(WordNumber.text(count)) \(count == 1 ? "day" : "days")"
    }

    /// What each shade means, in words: a list with a swatch beside each meaning.
    var legend: HTML {
        let items = scale.shades.map { shade -> HTML in
            "<li><span class=\"swatch level-\(shade.level)\" aria-hidden=\"true\"></span>"
                + "\(shade.label(WordNumber.text))</li>"
        }
        return "<ul class=\"heatmap-legend\" aria-label=\"What the shades mean\">\(items)</ul>"
    }

    /// The year as text: one row per month, oldest first, with its net words, its days with
    /// writing and, with a goal, its days at the goal.
    var monthTable: HTML {
        var months: [(name: String, words: Int, writing: Int, atGoal: Int)] = []
        var current = ""
        for entry in entries {
            let month = String(entry.date.rawValue.prefix(7))
            if month != current {
                current = month
                months.append((Self.monthName(entry.date), 0, 0, 0))
            }
            months[months.count - 1].words += entry.words
            if entry.words > 0 { months[months.count - 1].writing += 1 }
            if let goal, goal > 0, entry.words >= goal { months[months.count - 1].atGoal += 1 }
        }
        let hasGoal = (goal ?? 0) > 0
        let rows = months.map { month -> HTML in
            "<tr><th scope=\"row\">\(month.name)</th><td class=\"num\">\(WordNumber.text(month.words))</td>"
                + "<td class=\"num\">\(WordNumber.text(month.writing))</td>"
                + (hasGoal ? "<td class=\"num\">\(WordNumber.text(month.atGoal))</td>" as HTML : .empty) + "</tr>"
        }
        return """
            <details class="heatmap-table"><summary>The year by month, as a table</summary>
            <div class="table-scroll"><table>
            <caption class="visually-hidden">Words written per month, the last \(Self.days(entries.count)), oldest first</caption>
            <thead><tr><th scope="col">Month</th><th scope="col" class="num">Net words</th>\
            <th scope="col" class="num">Days with writing</th>\
            \(hasGoal ? "<th scope=\"col\" class=\"num\">Days at the goal</th>" as HTML : .empty)</tr></thead>
            <tbody>
            \(rows, separator: "\n")
            </tbody>
            </table></div>
            </details>
            """
    }

    /// `November 2026`.
    static func monthName(_ day: Day) -> String {
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let parts = day.rawValue.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month) else { return day.rawValue }
        return "\(months[month - 1]) \(parts[0])"
    }
}
