extension Int {
    /// The number with thousands separators, as people read it: `1,234,567`, `-12,000`.
    ///
    /// Always a comma every three digits, whatever the locale, so output is the same on every
    /// machine; `--json` and `count` (which matches `wc -w`) print plain numbers.
    var grouped: String {
        let digits = String(magnitude).utf8
        let count = digits.count
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (count - index) % 3 == 0 { result.append(",") }
            result.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return self < 0 ? "-" + result : result
    }

    /// ``grouped`` with a sign: `+1,200`, `-30`, `+0`.
    var signedGrouped: String {
        self >= 0 ? "+" + grouped : grouped
    }
}
