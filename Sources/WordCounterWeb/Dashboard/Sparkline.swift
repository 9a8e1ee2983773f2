import WordCounter

/// A file's last days as a small inline SVG bar chart, one bar a day, words written above the
/// line, deletions below; with a text alternative that says what it shows.
struct Sparkline {
    /// Net words per day, oldest first.
    let words: [Int]

    static let width = 92
    static let height = 22

    /// `Last 30 days: 1,234 words, on 12 days`.
    var summary: String {
        let total = words.reduce(0, +)
        let writingDays = words.count { $0 != 0 }
        return "Last \(words.count) days: \(WordNumber.text(total)) words"
            + (writingDays == 0 ? "" : ", on \(writingDays) \(writingDays == 1 ? "day" : "days")")
    }

    /// The SVG element, sized for a table cell.
    var svg: HTML {
        let peak = max(1, words.map { abs($0) }.max() ?? 1)
        let hasDeletions = words.contains { $0 < 0 }
        let baseline = hasDeletions ? Double(Self.height) / 2 : Double(Self.height) - 1
        let room = baseline - 1
        let step = Double(Self.width) / Double(max(1, words.count))
        let barWidth = max(1, step - 1)
        var bars: [HTML] = []
        for (index, value) in words.enumerated() where value != 0 {
            let length = max(1, Double(abs(value)) / Double(peak) * room)
            let x = Double(index) * step
            let y = value > 0 ? baseline - length : baseline
            bars.append(
                "<rect class=\"\(value > 0 ? "up" : "down")\" x=\"\(Self.format(x))\" y=\"\(Self.format(y))\" "
                    + "width=\"\(Self.format(barWidth))\" height=\"\(Self.format(length))\"/>")
        }
        let label = summary
        return "<svg class=\"sparkline\" width=\"\(Self.width)\" height=\"\(Self.height)\" "
            + "viewBox=\"0 0 \(Self.width) \(Self.height)\" role=\"img\" aria-label=\"\(label)\"><title>\(label)</title>"
            + "<line x1=\"0\" x2=\"\(Self.width)\" y1=\"\(Self.format(baseline))\" y2=\"\(Self.format(baseline))\"/>"
            + bars.joined() + "</svg>"
    }

    /// A coordinate with at most one decimal.
    private static func format(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
