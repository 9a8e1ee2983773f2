import Foundation

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date (RFC 9110, 10.2.3).
enum RetryAfter {
    /// The wait the header asks for; a date in the past is no wait; nil when it does not parse.
    static func parse(_ value: String, now: Date = Date()) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) { return seconds >= 0 ? .seconds(seconds) : nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        let interval = max(0, date.timeIntervalSince(now))
        return .milliseconds(Int((interval * 1000).rounded()))
    }
}
