import Foundation
import Testing

/// Machines sharing one database: what `status` says on each, and `track --as` making two
/// folders of different names one manuscript.
@Suite("wordcounter on several machines: status per machine, and track --as")
struct SharedManuscriptCommandTests {
    /// A database with `novel/chapter.md` ("one") tracked on the desk and on the laptop, each in
    /// a folder of its own named `novel`: one manuscript that a sync tool keeps on both.
    static func novelOnTwoMachines() async throws -> CLI {
        let cli = try CLI()
        try cli.write("desk/novel/chapter.md", "one")
        try cli.write("laptop/novel/chapter.md", "one")
        #expect(try await cli.run("--machine", "desk", "track", "desk/novel").status == 0)
        #expect(try await cli.run("--machine", "laptop", "track", "laptop/novel").status == 0)
        return cli
    }

    /// Writes `text` to `path` as a sync tool brings it a minute after it was saved elsewhere:
    /// with the writer's modification time, so the file's status changed long after.
    static func bringBySync(_ cli: CLI, _ path: String, _ text: String) throws {
        let written = try cli.write(path, text)
        let aMinuteAgo = Date().addingTimeInterval(-60)
        try FileManager.default.setAttributes([.modificationDate: aMinuteAgo], ofItemAtPath: written)
    }

    @Test("status on a machine that tracks nothing names the machines that do, instead of an empty history")
    func statusNamesOtherMachines() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("desk/novel/one.md", "one two")
        try cli.write("desk/novel/two.md", "three")
        #expect(try await cli.run("--machine", "desk", "track", "desk/novel").status == 0)

        let laptop = try await cli.run("status", "--machine", "laptop")
        #expect(laptop.status == 0, "\(laptop.errors)")
        let lines = laptop.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "Nothing is tracked on this machine, laptop. In this database:")
        #expect(lines.contains("  desk: 1 folder, 2 files"), "\(laptop.output)")
        #expect(lines.last?.contains("--machine NAME") == true)
        // Its own machine sees its files.
        #expect(try await cli.run("status", "--machine", "desk").output.contains("one.md"))
    }

    @Test("each machine's TODAY column adds up to its footer; the footer also gives every machine's day")
    func todayAddsUpOnEachMachine() async throws {
        let cli = try await Self.novelOnTwoMachines()
        defer { cli.remove() }
        try cli.write("desk/novel/chapter.md", "one two three")
        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        // The sync brings the desk's words; the laptop writes two more.
        try cli.write("laptop/novel/chapter.md", "one two three four five")
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)

        for (machine, words) in [("desk", 3), ("laptop", 5)] {
            let status = try await cli.run("status", "--machine", machine)
            let lines = status.output.split(separator: "\n").map(String.init)
            let row = try #require(lines.first { $0.hasSuffix("chapter.md") }, "\(status.output)")
            #expect(row.split(separator: " ").dropFirst().first == "+2", "\(machine): \(row)")
            let footer = "1 file, \(words) words, +2 today on \(machine) (+4 on every machine)"
            #expect(lines.last == footer, "\(status.output)")
        }
    }

    @Test("a folder of another name with the same text is named on track; --as makes them one, counted once")
    func sharedName() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("A/novel/chapter.md", "one two three four five six")
        try cli.write("B/Novel/chapter.md", "one two three four five six")
        #expect(try await cli.run("--machine", "desk", "track", "A/novel").status == 0)
        let laptop = try await cli.run("--machine", "laptop", "track", "B/Novel")
        #expect(laptop.status == 0)
        #expect(laptop.errors.contains("1 file has the text of desk's"), "\(laptop.errors)")
        #expect(laptop.errors.contains("shared as 'novel'"))
        #expect(laptop.errors.contains("--as novel`"), "\(laptop.errors)")

        // The laptop declares its folder the same manuscript: the warning is answered.
        let named = try await cli.run("--machine", "laptop", "track", "B/Novel", "--as", "novel")
        #expect(named.status == 0, "\(named.errors)")
        #expect(!named.errors.contains("warning"), "\(named.errors)")
        // Four words typed on the desk, counted there, then synced to the laptop: four, not eight.
        let longer = "one two three four five six seven eight nine ten"
        try cli.write("A/novel/chapter.md", longer)
        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        try cli.write("B/Novel/chapter.md", longer)
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)
        let history = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(history.first?["words"] as? Int == 4)
        #expect(history.first?["machines"] as? [String: Int] == ["desk": 4])
    }

    @Test("--as is refused without machine names, for two folders, and for a name another folder has")
    func sharedNameRefusals() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("a/notes/one.md", "one")
        try cli.write("b/drafts/two.md", "two")
        let unnamed = try await cli.run("track", "a/notes", "--as", "novel")
        #expect(unnamed.status == 2)
        #expect(unnamed.errors.contains("give this machine a name"), "\(unnamed.errors)")
        #expect(try await cli.run("status").output.hasPrefix("Nothing is tracked yet."))  // nothing kept

        let two = try await cli.run("--machine", "desk", "track", "a/notes", "b/drafts", "--as", "novel")
        #expect(two.status == 2)
        #expect(two.errors.contains("--as names one folder"), "\(two.errors)")
        let slash = try await cli.run("--machine", "desk", "track", "a/notes", "--as", "x/y")
        #expect(slash.status == 2)
        #expect(slash.errors.contains("without '/'"), "\(slash.errors)")

        #expect(try await cli.run("--machine", "desk", "track", "a/notes", "--as", "novel").status == 0)
        let taken = try await cli.run("--machine", "desk", "track", "b/drafts", "--as", "novel")
        #expect(taken.status == 2)
        #expect(taken.errors.contains("'novel' is already the name of"), "\(taken.errors)")
    }

    @Test("words a sync brings before their machine counted them wait as synced; that machine's update claims them")
    func syncedWordsGoToTheMachineThatTypedThem() async throws {
        let cli = try await Self.novelOnTwoMachines()
        defer { cli.remove() }
        // Three words typed on the desk, no update there yet; the sync tool brings them to the
        // laptop a minute later, keeping the desk's modification time, as sync tools do.
        try cli.write("desk/novel/chapter.md", "one two three four")
        try Self.bringBySync(cli, "laptop/novel/chapter.md", "one two three four")
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)

        var today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 3)
        #expect(today.first?["machines"] as? [String: Int] == ["(synced)": 3])
        let laptop = try await cli.run("status", "--machine", "laptop")
        let footer = "1 file, 4 words, +0 today on laptop (+3 on every machine)"
        #expect(laptop.output.split(separator: "\n").last.map(String.init) == footer)

        // The desk counts its own copy: the three words are its own, still counted once.
        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 3)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 3])

        // A word typed on the laptop is the laptop's.
        try cli.write("laptop/novel/chapter.md", "one two three four five")
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)
        today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 4)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 3, "laptop": 1])
    }

    @Test("a new chapter written on the desk and brought to the laptop before the desk's update is the desk's writing")
    func syncedNewFileGoesToTheMachineThatWroteIt() async throws {
        let cli = try await Self.novelOnTwoMachines()
        defer { cli.remove() }
        try cli.write("desk/novel/chapter-2.md", "alpha beta gamma delta")
        try Self.bringBySync(cli, "laptop/novel/chapter-2.md", "alpha beta gamma delta")
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)
        var today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["machines"] as? [String: Int] == ["(synced)": 4])

        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 4)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 4])
        let desk = try await cli.run("status", "--machine", "desk")
        #expect(desk.output.split(separator: "\n").last.map(String.init) == "2 files, 5 words, +4 today on desk")
    }

    @Test(
        "a chapter renamed on the desk stays one document: the laptop's copy follows the rename, and words are counted once"
    )
    func renamedChapterStaysOneDocument() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let words = { (range: Range<Int>) in range.map { "w\($0)" }.joined(separator: " ") }
        try cli.write("desk/novel/story.md", words(0..<20))
        try cli.write("laptop/novel/story.md", words(0..<20))
        #expect(try await cli.run("--machine", "desk", "track", "desk/novel").status == 0)
        #expect(try await cli.run("--machine", "laptop", "track", "laptop/novel").status == 0)
        try cli.write("desk/novel/story.md", words(0..<25))
        #expect(try await cli.run("--machine", "desk", "update").status == 0)

        // Renamed on the desk, three words typed into it, no update there; the sync tool brings
        // the rename and the words to the laptop a minute later (the old name gone, the new one
        // written with the desk's modification time).
        let desk = cli.folder.appendingPathComponent("desk/novel")
        try FileManager.default.moveItem(
            at: desk.appendingPathComponent("story.md"), to: desk.appendingPathComponent("the-storm.md"))
        try cli.write("desk/novel/the-storm.md", words(0..<28))
        try FileManager.default.removeItem(at: cli.folder.appendingPathComponent("laptop/novel/story.md"))
        try Self.bringBySync(cli, "laptop/novel/the-storm.md", words(0..<28))
        let laptopUpdate = try await cli.run("--machine", "laptop", "update")
        #expect(laptopUpdate.output.contains("moved:"), "\(laptopUpdate.output)")
        var today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 5, "(synced)": 3])

        // The desk's update follows its own rename and claims the three words: counted once.
        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 8)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 8])

        // Two words typed on the laptop, under the new name, are the laptop's.
        try cli.write("laptop/novel/the-storm.md", words(0..<30))
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)
        today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 10)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 8, "laptop": 2])
        let laptop = try await cli.run("status", "--machine", "laptop")
        let footer = "1 file, 30 words, +2 today on laptop (+10 on every machine)"
        #expect(laptop.output.split(separator: "\n").last.map(String.init) == footer, "\(laptop.output)")
    }

    @Test("words the laptop wrote past the desk's synced ones, not yet synced back, are no deletion on the desk")
    func deskBehindTheLaptop() async throws {
        let cli = try await Self.novelOnTwoMachines()
        defer { cli.remove() }
        // Three words typed on the desk (no update there), brought to the laptop; two more typed
        // on the laptop and counted there; the desk updates before the sync brings those back.
        try cli.write("desk/novel/chapter.md", "one two three four")
        try Self.bringBySync(cli, "laptop/novel/chapter.md", "one two three four")
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)
        try cli.write("laptop/novel/chapter.md", "one two three four five six")
        #expect(try await cli.run("--machine", "laptop", "update").status == 0)
        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        var today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 5)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 3, "laptop": 2])

        // The sync brings the laptop's words to the desk: counted already, nothing changes.
        try Self.bringBySync(cli, "desk/novel/chapter.md", "one two three four five six")
        #expect(try await cli.run("--machine", "desk", "update").status == 0)
        today = try #require(
            try await cli.run("history", "--days", "1", "--by", "machine", "--json").json() as? [[String: Any]])
        #expect(today.first?["words"] as? Int == 5)
        #expect(today.first?["machines"] as? [String: Int] == ["desk": 3, "laptop": 2])
    }
}
