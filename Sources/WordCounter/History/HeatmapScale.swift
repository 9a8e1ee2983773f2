/// The five shades of a year heatmap and what each means in words: the one scale the dashboard's
/// heatmap and `wordcounter history --year` both draw with, so their legends say the same.
///
/// With a daily goal the darkest shade is a day that reached it, and the lighter ones a day under
/// a third, under two thirds, or under all of it; without one, the shades split the busiest day's
/// words in quarters. A day without net writing (nothing written, or more deleted than written) is
/// shade 0.
public struct HeatmapScale: Sendable, Equatable {
    /// The daily goal the shades measure against, if any (a goal under 1 counts as none).
    public let goal: Int?
    /// The most net words of one day in the range: the top of the scale without a goal.
    public let busiest: Int

    /// The darkest shade.
    public static let darkest = 4

    /// A scale for `goal`, or for days whose busiest had `busiest` net words.
    public init(goal: Int?, busiest: Int) {
        self.goal = goal.flatMap { $0 > 0 ? $0 : nil }
        self.busiest = max(1, busiest)
    }

    /// A scale for `entries` (their busiest day) and `goal`.
    public init(entries: [HistoryEntry], goal: Int?) {
        self.init(goal: goal, busiest: entries.map(\.words).max() ?? 1)
    }

    /// The shade, 0 to ``darkest``, of a day with `words` net words.
    public func level(of words: Int) -> Int {
        guard words > 0 else { return 0 }
        if let goal {
            if words >= goal { return Self.darkest }
            return 1 + min(2, words * 3 / goal)
        }
        return min(Self.darkest, 1 + (words - 1) * 4 / busiest)
    }

    /// One shade of the legend: which net words it covers.
    public struct Shade: Sendable, Equatable {
        /// 0 to ``HeatmapScale/darkest``.
        public let level: Int
        /// The fewest net words of a day in this shade (0 for shade 0).
        public let lowest: Int
        /// The most, or nil when there is no upper end (the darkest shade, or shade 0).
        public let highest: Int?
        /// Whether this shade means the day reached the daily goal.
        public let reachesGoal: Bool

        /// What the shade means, in words, with numbers written by `number`: `no writing`,
        /// `1–332 words`, `1,000 or more words (the daily goal)`.
        public func label(_ number: (Int) -> String) -> String {
            guard level > 0 else { return "no writing" }
            guard let highest else {
                return "\(number(lowest)) or more words" + (reachesGoal ? " (the daily goal)" : "")
            }
            if highest == lowest { return "\(number(lowest)) \(lowest == 1 ? "word" : "words")" }
            return "\(number(lowest))\u{2013}\(number(highest)) words"
        }
    }

    /// The shades a day can have, lightest first, without those no day can have (with a goal of
    /// 2, no day is under a third of it).
    public var shades: [Shade] {
        var shades = [Shade(level: 0, lowest: 0, highest: nil, reachesGoal: false)]
        let top = goal ?? busiest
        for level in 1...Self.darkest {
            let lowest = smallest(reaching: level, upTo: top)
            guard let lowest, self.level(of: lowest) == level else { continue }
            let next = level < Self.darkest ? smallest(reaching: level + 1, upTo: top) : nil
            let highest = level == Self.darkest ? nil : (next.map { $0 - 1 } ?? top)
            shades.append(
                Shade(level: level, lowest: lowest, highest: highest, reachesGoal: goal != nil && level == Self.darkest)
            )
        }
        return shades
    }

    /// The fewest net words, from 1 to `top`, whose shade is `level` or darker; nil if none is.
    private func smallest(reaching level: Int, upTo top: Int) -> Int? {
        guard self.level(of: top) >= level else { return nil }
        var low = 1
        var high = top
        while low < high {
            let middle = low + (high - low) / 2
            if self.level(of: middle) >= level { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
