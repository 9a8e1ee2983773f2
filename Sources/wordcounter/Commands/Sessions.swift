import ArgumentParser
import Foundation
import WordCounter

/// `wordcounter sessions`: the session log, each sitting with its start, length, words added and
/// removed, and pace.
struct Sessions: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract:
            "Show each writing session: when it started, how long it lasted, words added and removed, words per hour.",
        discussion: """
            A session runs from the first change counted after a pause of more than --pause \
            minutes (30 by default) to the last change before the next one, across every tracked \
            file. Changes are counted by `update`, `watch` and `serve`: with `watch` running, each \
            save is a change, so the times are those of your saves. A session of one change has no \
            length and no pace. Writing counted before this version has no time and is in no \
            session (`history` still has it).

              wordcounter sessions
              wordcounter sessions --days 30 --pause 45
              wordcounter sessions --json
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("How many days back, today included (1 to 3660).", valueName: "n"))
    var days: Int = 7

    @Option(help: ArgumentHelp("The pause, in minutes, that ends a session (1 to 1440).", valueName: "minutes"))
    var pause: Int = 30

    @Flag(
        help: """
            Print [{"start":…,"end":…,"minutes":…,"added":…,"removed":…,"net":…,"wordsPerHour":…,"files":…,"changes":…}].
            """)
    var json = false

    func validate() throws {
        guard (1...3660).contains(days) else { throw ValidationError("--days must be between 1 and 3660") }
        guard (1...1440).contains(pause) else { throw ValidationError("--pause must be between 1 and 1440 minutes") }
    }

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(readingOnly: true, in: scope)
        let sessions = try await app.run(ShowWritingSessions(days: days, pauseMinutes: pause))
        if json {
            try Terminal.printJSON(sessions)
            return
        }
        guard !sessions.isEmpty else {
            print(
                "No writing session in the last \(days == 1 ? "day" : "\(days) days") (sessions are counted from this version on)."
            )
            return
        }
        let calendar = app.services.calendar
        let rows = sessions.map { session in
            [
                Self.time(session.start, calendar: calendar), Self.length(session.length), session.added.grouped,
                session.removed.grouped, session.net.signedGrouped, session.wordsPerHour.map(\.grouped) ?? "-",
            ]
        }
        print(
            TextTable(
                header: ["START", "LENGTH", "ADDED", "REMOVED", "NET", "PER HOUR"], rows: rows,
                rightAligned: [1, 2, 3, 4, 5]
            ).text)
        let net = sessions.reduce(0) { $0 + $1.net }
        let count = sessions.count
        print("\(count.grouped) \(count == 1 ? "session" : "sessions"), \(net.signedGrouped) words")
    }

    /// `2026-11-28 09:14`, in the calendar's time zone.
    static func time(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    /// `0 min`, `45 min`, `1 h 05 min`.
    static func length(_ seconds: TimeInterval) -> String {
        let minutes = Int(seconds / 60)
        guard minutes >= 60 else { return "\(minutes) min" }
        return "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }
}
