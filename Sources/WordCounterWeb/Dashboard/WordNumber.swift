/// Word counts as the dashboard writes them: `12,345`, with a true minus sign for deletions.
///
/// Fixed, not locale-dependent, so the page reads the same whatever the server's locale.
enum WordNumber {
    /// `value` with thousands separated by commas.
    static func text(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "\u{2212}" + grouped : grouped
    }

    /// `value` with a sign: `+120`, `−40`, `0`.
    static func signed(_ value: Int) -> String {
        value > 0 ? "+" + text(value) : text(value)
    }
}
