import Foundation
import Testing

@Suite("--json: every date and time is ISO 8601, never a number of seconds")
struct JSONDatesCommandTests {
    /// The keys of every value in `json` that is a number while its key names a date or a time.
    private func numericDates(in json: Any, key: String = "") -> [String] {
        switch json {
        case let object as [String: Any]:
            return object.flatMap { numericDates(in: $0.value, key: $0.key) }
        case let array as [Any]:
            return array.flatMap { numericDates(in: $0, key: key) }
        case is NSNumber:
            let lowered = key.lowercased()
            let datelike =
                ["date", "time", "counted", "deadline"].contains(where: lowered.contains) || key.hasSuffix("At")
                || ["from", "to", "day", "since"].contains(lowered)
            return datelike ? [key] : []
        default:
            return []
        }
    }

    @Test("missing --json: lastCounted is an ISO 8601 time close to now")
    func missingLastCounted() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        try FileManager.default.removeItem(atPath: chapter)
        #expect(try await cli.run("update").status == 0)
        let missing = try #require(try await cli.run("missing", "--json").json() as? [[String: Any]])
        let text = try #require(missing.first?["lastCounted"] as? String, "\(missing)")
        let date = try #require(ISO8601DateFormatter().date(from: text), "\(text)")
        #expect(abs(date.timeIntervalSinceNow) < 600)
    }

    @Test("no --json output has a date or time as a number")
    func everyJSONOutput() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let chapter = try cli.write("novel/chapter.md", "one two three")
        try cli.write("novel/notes.md", "a b")
        #expect(try await cli.run("track", "novel").status == 0)
        #expect(try await cli.run("goal", "set", "--daily", "500").status == 0)
        let project = try await cli.run(
            "project", "add", "Novel", "novel", "--target", "1000", "--deadline", "2099-03-01")
        #expect(project.status == 0, "\(project.errors)")
        try FileManager.default.removeItem(atPath: chapter)
        #expect(try await cli.run("update").status == 0)
        for arguments in [
            ["status", "--json"], ["missing", "--json"], ["history", "--days", "7", "--json"],
            ["history", "--days", "30", "--by", "week", "--json"], ["goal", "--json"], ["project", "--json"],
            ["config", "--json"], ["export", "--format", "json"], ["count", "--json", "novel/notes.md"],
        ] {
            let result = try await cli.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errors)")
            let json = try result.json()
            #expect(numericDates(in: json).isEmpty, "\(arguments): \(result.output)")
        }
    }
}
