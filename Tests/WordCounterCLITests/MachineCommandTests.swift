import Foundation
import Testing

@Suite("wordcounter --machine: the writing of each machine, and history --by machine")
struct MachineCommandTests {
    @Test("two machines on one database: history --by machine splits each day between them")
    func historyByMachine() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("desk/chapter.md", "one")
        try cli.write("laptop/notes.md", "one")
        #expect(try await cli.run("--machine", "desk", "track", "desk").status == 0)
        #expect(try await cli.run(["track", "laptop"], environment: ["WORDCOUNTER_MACHINE": "laptop"]).status == 0)
        try cli.write("desk/chapter.md", "one two three four")
        #expect(try await cli.run("update", "--machine", "desk").status == 0)
        try cli.write("laptop/notes.md", "one two three")
        #expect(try await cli.run(["update"], environment: ["WORDCOUNTER_MACHINE": "laptop"]).status == 0)

        let result = try await cli.run("history", "--days", "2", "--by", "machine", "--json")
        let entries = try #require(try result.json() as? [[String: Any]], "\(result.errors)")
        #expect(entries.count == 2)
        let today = try #require(entries.last)
        #expect(today["date"] as? String == CLI.today)
        #expect(today["words"] as? Int == 5)
        #expect(today["machines"] as? [String: Int] == ["desk": 3, "laptop": 2])
        #expect(entries.first?["machines"] as? [String: Int] == ["desk": 0, "laptop": 0])

        let table = try await cli.run("history", "--days", "1", "--by", "machine")
        let lines = table.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.first == ["DATE", "WORDS", "ADDED", "DESK", "LAPTOP"])
        #expect(lines.dropLast().last?.prefix(5) == [CLI.today, "5", "5", "3", "2"])
        #expect(lines.last?.first == "Total:")  // the totals line under the table
    }

    @Test("a SQLite file names no machine unless asked; a name that cannot be one is a usage error")
    func names() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one")
        #expect(try await cli.run("track", "novel").status == 0)
        try cli.write("novel/chapter.md", "one two")
        #expect(try await cli.run("update").status == 0)
        let history = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, 255)
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(!host.isEmpty)
        // One machine's own SQLite file: its writing carries no name (a PostgreSQL database gets
        // the host name by default; see the end-to-end test on a real server).
        #expect(history.first?["machines"] as? [String: Int] == ["unnamed": 1])
        try cli.write("novel/chapter.md", "one two three")
        #expect(try await cli.run("update", "--machine", "desk").status == 0)
        let named = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(named.first?["machines"] as? [String: Int] == ["unnamed": 1, "desk": 1])

        let bad = try await cli.run("status", "--machine", "my laptop")
        #expect(bad.status == 2)
        #expect(bad.errors.contains("the machine name 'my laptop' cannot be used"), "\(bad.errors)")
    }
}
