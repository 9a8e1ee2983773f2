/// The words still to write towards a goal or target, computed so that no number a writer can
/// set (a goal of `Int.max` words, a day that deleted more than it wrote) overflows.
enum WordsToGo {
    /// `target - written`, never below 0, and `Int.max` when the difference does not fit.
    static func remaining(_ target: Int, written: Int) -> Int {
        let (difference, overflow) = target.subtractingReportingOverflow(written)
        // Only a target above what fits minus a negative count (deleted words) overflows.
        guard !overflow else { return written < 0 ? Int.max : 0 }
        return max(0, difference)
    }

    /// `words` spread over `days` (at least 1), rounded up: the most any of those days must take.
    static func perDay(_ words: Int, over days: Int) -> Int {
        let (quotient, rest) = words.quotientAndRemainder(dividingBy: max(1, days))
        return rest > 0 ? quotient + 1 : quotient
    }
}
