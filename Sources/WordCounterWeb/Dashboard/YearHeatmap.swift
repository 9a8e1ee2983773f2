import Foundation
import WordCounter

/// A year of writing as a calendar heatmap, an inline SVG drawn by the server: one square per day,
/// a column per week (Monday at the top), darker for more words.
///
/// With a daily goal the darkest squares are the days that reached it and the lighter ones a
/// third, two thirds or nearly all of it; without one, the shades split the busiest day's words in
/// quarters. A day without net writing is empty. Each square has a `<title>` with its date and
/// words, and the whole has a title that says how many days had writing, for screen readers.
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

    /// The shade (0 to 4) of a day with `words` net words.
    func level(of words: Int) -> Int {
        guard words > 0 else { return 0 }
        if let goal, goal > 0 {
            if words >= goal { return 4 }
            return 1 + min(2, words * 3 / goal)
        }
        let busiest = max(1, entries.map(\.words).max() ?? 1)
        return min(4, 1 + (words - 1) * 4 / busiest)
    }

    /// The `<svg>` element.
    var svg: String {
        guard let first = entries.first else { return "" }
        let weekday = calendar.component(.weekday, from: first.date.startDate(calendar: calendar))
        let offset = (weekday + 5) % 7  // rows from Monday
        let weeks = (offset + entries.count + 6) / 7
        let width = left + Double(weeks) * (cell + gap)
        let height = top + 7 * (cell + gap)
        let writingDays = entries.filter { $0.words > 0 }.count
        let total = entries.reduce(0) { $0 + max(0, $1.words) }
        let summary =
            "Writing over the last \(entries.count) days: \(WordNumber.text(writingDays)) days with writing, "
            + "\(WordNumber.text(total)) words"
        var parts: [String] = []
        parts.append(
            "<svg class=\"heatmap\" viewBox=\"0 0 \(HistoryChart.number(width)) \(HistoryChart.number(height))\" "
                + "role=\"img\" aria-labelledby=\"heatmap-title\" xmlns=\"http://www.w3.org/2000/svg\">")
        parts.append("<title id=\"heatmap-title\">\(summary.htmlEscaped)</title>")
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
            var classes = ["day", "level-\(level(of: entry.words))"]
            if index == entries.count - 1 { classes.append("today") }
            let label = "\(entry.date.rawValue): \(WordNumber.text(entry.words)) words"
            parts.append(
                "<rect class=\"\(classes.joined(separator: " "))\" x=\"\(HistoryChart.number(x))\" "
                    + "y=\"\(HistoryChart.number(y))\" width=\"\(HistoryChart.number(cell))\" "
                    + "height=\"\(HistoryChart.number(cell))\" rx=\"2\"><title>\(label.htmlEscaped)</title></rect>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }
}
