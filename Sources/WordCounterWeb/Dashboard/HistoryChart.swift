import WordCounter

/// Words per day as an inline SVG bar chart, drawn by the server so the page needs no JavaScript.
///
/// One bar per entry, oldest left and today right, highlighted; days that reach the goal get
/// their own colour, deletions go below the zero line, and a dashed line marks the goal, labelled
/// in the right margin where no bar is drawn. Each bar has a `<title>` with its date and numbers,
/// which browsers show as a tooltip; on ranges of up to 31 days each bar can be focused with the
/// keyboard and is read with that text.
struct HistoryChart {
    /// The proportions the chart is drawn in: one for wide screens, one for phones (its labels keep
    /// their size when the page is 390 px wide).
    enum Layout {
        case wide, narrow
    }

    /// The days, oldest first, today last.
    let entries: [HistoryEntry]
    /// The daily goal, if any.
    let goal: Int?
    /// The proportions.
    let layout: Layout

    private var width: Double { layout == .wide ? 760 : 360 }
    private var height: Double { layout == .wide ? 240 : 220 }
    private var left: Double { layout == .wide ? 56 : 44 }
    private var right: Double { layout == .wide ? 70 : 44 }
    private let top = 18.0
    private let bottom = 30.0

    /// Creates the chart.
    init(entries: [HistoryEntry], goal: Int?, layout: Layout = .wide) {
        self.entries = entries
        self.goal = goal
        self.layout = layout
    }

    /// Days between two date labels under the bars, counted back from today: so that at most
    /// about 8 (wide) or 4 (narrow) labels show, in whole weeks once they are more than 3 days apart.
    var labelStep: Int {
        let wanted = layout == .wide ? 8 : 4
        let step = max(1, (entries.count + wanted - 1) / wanted)
        return step <= 3 ? step : (step + 6) / 7 * 7
    }

    /// The `<svg>` element.
    var svg: HTML {
        let highest = Self.niceCeiling(max(entries.map(\.words).max() ?? 0, goal ?? 0, 10))
        let lowest = -Self.niceCeiling(max(0, -(entries.map(\.words).min() ?? 0)))
        let plotWidth = width - left - right
        let plotHeight = height - top - bottom
        func y(_ value: Int) -> Double {
            top + Double(highest - value) / Double(highest - lowest) * plotHeight
        }
        var parts: [HTML] = []
        let titleID = layout == .wide ? "chart-title" : "chart-title-narrow"
        let focusable = entries.count <= 31
        parts.append(
            "<svg class=\"chart\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" "
                + "role=\"\(focusable ? "group" : "img")\" aria-labelledby=\"\(titleID)\" "
                + "xmlns=\"http://www.w3.org/2000/svg\">")
        parts.append("<title id=\"\(titleID)\">Words written per day, the last \(entries.count) days</title>")
        for step in 0...4 {
            let value = highest * step / 4
            let lineY = Self.number(y(value))
            parts.append(
                "<line class=\"grid\" x1=\"\(Self.number(left))\" x2=\"\(Self.number(width - right))\" "
                    + "y1=\"\(lineY)\" y2=\"\(lineY)\"/>")
            parts.append(
                "<text class=\"axis\" x=\"\(Self.number(left - 8))\" y=\"\(lineY)\" text-anchor=\"end\" "
                    + "dominant-baseline=\"middle\">\(WordNumber.text(value))</text>")
        }
        if lowest < 0 {
            parts.append(
                "<text class=\"axis\" x=\"\(Self.number(left - 8))\" y=\"\(Self.number(y(lowest)))\" "
                    + "text-anchor=\"end\" dominant-baseline=\"middle\">\(WordNumber.text(lowest))</text>")
        }
        let slot = plotWidth / Double(max(1, entries.count))
        let barWidth = max(min(slot, 2), slot * 0.68)
        for (index, entry) in entries.enumerated() {
            let isToday = index == entries.count - 1
            let x = left + Double(index) * slot + (slot - barWidth) / 2
            let top = y(max(entry.words, 0))
            let barHeight = max(abs(y(entry.words) - y(0)), entry.words == 0 ? 0 : 1)
            var classes = ["bar"]
            if isToday { classes.append("today") }
            if entry.words < 0 { classes.append("negative") }
            if let goal, entry.words >= goal { classes.append("reached") }
            let label =
                "\(entry.date.rawValue): \(WordNumber.text(entry.words)) words net, \(WordNumber.text(entry.added)) added"
            let focus: HTML =
                focusable
                ? " tabindex=\"0\" role=\"img\" aria-label=\"\(label)\" data-day=\"\(entry.date.rawValue)\""
                : ""
            parts.append(
                "<g class=\"\(classes.joined(separator: " "))\"\(focus)><title>\(label)</title>"
                    + "<rect x=\"\(Self.number(x))\" y=\"\(Self.number(top))\" width=\"\(Self.number(barWidth))\" "
                    + "height=\"\(Self.number(barHeight))\" rx=\"2\"/></g>")
            let fromToday = entries.count - 1 - index
            if fromToday % labelStep == 0 {
                parts.append(
                    "<text class=\"axis\" x=\"\(Self.number(x + barWidth / 2))\" y=\"\(Self.number(height - 10))\" "
                        + "text-anchor=\"middle\">\(isToday ? "today" : Self.shortDate(entry.date))</text>")
            }
        }
        let zeroY = Self.number(y(0))
        parts.append(
            "<line class=\"zero\" x1=\"\(Self.number(left))\" x2=\"\(Self.number(width - right))\" "
                + "y1=\"\(zeroY)\" y2=\"\(zeroY)\"/>")
        if let goal {
            let goalY = Self.number(y(goal))
            parts.append(
                "<line class=\"goal\" x1=\"\(Self.number(left))\" x2=\"\(Self.number(width - right))\" "
                    + "y1=\"\(goalY)\" y2=\"\(goalY)\"/>")
            // In the right margin, beside the line's end: never over a bar.
            let labelX = Self.number(width - right + 6)
            if layout == .wide {
                parts.append(
                    "<text class=\"goal-label\" x=\"\(labelX)\" y=\"\(goalY)\" dominant-baseline=\"middle\">"
                        + "goal \(WordNumber.text(goal))</text>")
            } else {
                parts.append(
                    "<text class=\"goal-label\" x=\"\(labelX)\" y=\"\(Self.number(y(goal) - 7))\">"
                        + "<tspan x=\"\(labelX)\">goal</tspan>"
                        + "<tspan x=\"\(labelX)\" dy=\"13\">\(WordNumber.text(goal))</tspan></text>")
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// The smallest round number at least `value` whose quarters are round too (4 × 1, 2, 2.5 or 5 × 10ⁿ),
    /// so the axis reads in round numbers; 0 for 0.
    static func niceCeiling(_ value: Int) -> Int {
        guard value > 0 else { return 0 }
        let quarter = (value + 3) / 4
        var scale = 1
        while scale * 10 < quarter { scale *= 10 }
        let steps = ([scale, 2 * scale, 5 * scale, 10 * scale] + (scale >= 10 ? [scale * 5 / 2] : [])).sorted()
        return 4 * (steps.first { $0 >= quarter } ?? 10 * scale)
    }

    /// `Nov 23` for `2026-11-23`.
    static func shortDate(_ day: Day) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let parts = day.rawValue.split(separator: "-")
        guard parts.count == 3, let month = Int(parts[1]), (1...12).contains(month), let date = Int(parts[2]) else {
            return day.rawValue
        }
        return "\(months[month - 1]) \(date)"
    }

    /// `value` with at most one decimal, as SVG coordinates need no more.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
