import Foundation
import WordCounter

/// The last writing sessions on the dashboard, newest first, as `wordcounter sessions` lists them:
/// when each started, how long it lasted, words added and removed, and the pace.
///
/// Shown once there is a session in the last days; at most ``shown`` of them.
struct SessionLogTable {
    /// The sessions, oldest first.
    let sessions: [SessionLogEntry]
    /// The calendar whose time zone the times are read in.
    let calendar: Calendar
    /// How many sessions the card lists.
    static let shown = 5

    /// The card, or nothing without a session.
    var html: HTML {
        guard !sessions.isEmpty else { return "" }
        let rows = sessions.suffix(Self.shown).reversed().map { session -> HTML in
            let minutes = Int(session.length / 60)
            let length =
                minutes >= 60 ? "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min" : "\(minutes) min"
            let row: HTML =
                "<tr><th scope=\"row\">\(time(session.start))</th><td class=\"num\">\(length)</td>"
                + "<td class=\"num\">\(WordNumber.text(session.added))</td>"
                + "<td class=\"num\">\(WordNumber.text(session.removed))</td>"
                + "<td class=\"num\">\(session.wordsPerHour.map(WordNumber.text) ?? "–")</td></tr>"
            return row
        }
        return """
            <section class="card wide sessions" aria-labelledby="sessions-heading">
            <h2 id="sessions-heading">Writing sessions</h2>
            <div class="table-scroll"><table>
            <caption class="visually-hidden">The last writing sessions, newest first</caption>
            <thead><tr><th scope="col">Started</th><th scope="col" class="num">Length</th>\
            <th scope="col" class="num">Added</th><th scope="col" class="num">Removed</th>\
            <th scope="col" class="num">Per hour</th></tr></thead>
            <tbody>
            \(rows, separator: "\n")
            </tbody>
            </table></div>
            </section>
            """
    }

    /// `Nov 28, 09:14`, in the calendar's time zone.
    private func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = parts.month.flatMap { (1...12).contains($0) ? months[$0 - 1] : nil } ?? ""
        return "\(month) \(parts.day ?? 0), " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
