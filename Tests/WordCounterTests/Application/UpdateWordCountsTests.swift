import Harbor
import Testing
import WordCounter

@Suite("Updating word counts")
struct UpdateWordCountsTests {
    @Test("unchanged files are not recounted; changed ones are, with today's net and gross words")
    func changes() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        let stored = try await fixture.persistence.store.events(after: 0, limit: 10_000).count
        try await fixture.update()
        #expect(fixture.lastSummary?.changed == 0)
        #expect(fixture.recorder.events(of: WordCountChanged.self).isEmpty)
        // Nothing changed, nothing written: the summary is heard in process, not stored.
        #expect(try await fixture.persistence.store.events(after: 0, limit: 10_000).count == stored)

        try fixture.disk.append("/n/a.md", contents: " " + Fixture.words(40, prefix: "x"))
        try await fixture.update()
        let summaries = try await fixture.persistence.store.events(after: 0, limit: 10_000).filter {
            $0.event.name == WordCountsUpdated.eventName
        }
        #expect(summaries.count == 1)  // the update that recounted a.md, stored for other processes
        try fixture.disk.write("/n/a.md", contents: Fixture.words(120))
        try await fixture.update()
        #expect(fixture.lastSummary?.changed == 1)
        let changes = fixture.recorder.events(of: WordCountChanged.self)
        #expect(changes.map(\.words) == [140, 120])
        #expect(changes.first?.previous == 100)
        let row = try await fixture.row("/n/a.md")
        #expect(row?.words == 120)
        #expect(row?.today == 20)
        let today = try await fixture.history(days: 1)
        #expect(today.map(\.words) == [20])
        #expect(today.map(\.added) == [40])
    }

    @Test("an editor's atomic save is the same file: history continues")
    func atomicSave() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try await fixture.track("/n")
        let id = try await fixture.row("/n/a.md")?.id
        try fixture.disk.atomicallySave("/n/a.md", contents: Fixture.words(130))
        try await fixture.update()
        let row = try await fixture.row("/n/a.md")
        #expect(row?.id == id)
        #expect(row?.today == 30)
        #expect(try await fixture.status().count == 1)
        #expect(fixture.recorder.events(of: FileMoved.self).isEmpty)
        #expect(fixture.recorder.events(of: FileWentMissing.self).isEmpty)
    }

    @Test("a renamed or moved file is followed by its identity; its history is kept")
    func moves() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(100))
        try fixture.disk.write("/m/keep.md", contents: Fixture.words(3))
        try await fixture.track("/n", "/m")
        try fixture.disk.append("/n/a.md", contents: " more words")
        try await fixture.update()
        let id = try await fixture.row("/n/a.md")?.id
        try fixture.disk.rename("/n/a.md", to: "/n/renamed.md")
        try await fixture.update()
        try fixture.disk.rename("/n/renamed.md", to: "/m/moved.md")
        try await fixture.update()
        let row = try await fixture.row("/m/moved.md")
        #expect(row?.id == id)
        #expect(row?.today == 2)
        #expect(fixture.recorder.events(of: FileMoved.self).map(\.to) == ["/n/renamed.md", "/m/moved.md"])
        #expect(fixture.recorder.events(of: FileTracked.self).count == 2)  // only the first track
        #expect(try await fixture.history(days: 1).map(\.words) == [2])
    }

    @Test("a file tracked by name and renamed in its folder is found in its old parent folder")
    func renameOutsideTrackedFolders() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/story.txt", contents: Fixture.words(10))
        try await fixture.track("/n/story.txt")
        try fixture.disk.rename("/n/story.txt", to: "/n/story-final.txt")
        try await fixture.update()
        #expect(try await fixture.status().map(\.path) == ["/n/story-final.txt"])
        #expect(fixture.lastSummary?.moved == 1)
    }

    @Test("a copy-then-delete move is followed by its content fingerprint")
    func fingerprintMove() async throws {
        let fixture = Fixture()
        let text = Fixture.words(200)
        try fixture.disk.write("/n/a.md", contents: text)
        try await fixture.track("/n")
        let id = try await fixture.row("/n/a.md")?.id
        try fixture.disk.write("/n/sub/copy.md", contents: text)
        try fixture.disk.remove("/n/a.md")
        try await fixture.update()
        #expect(try await fixture.status().map(\.id) == [id])
        #expect(try await fixture.row("/n/sub/copy.md")?.id == id)
    }

    @Test("a deleted file's reused inode is not taken for the old file")
    func inodeReuse() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(50))
        try await fixture.track("/n")
        try fixture.disk.remove("/n/a.md")
        try fixture.disk.write("/n/b.md", contents: Fixture.words(7))
        try await fixture.update()
        let rows = try await fixture.status()
        #expect(rows.first { $0.path == "/n/a.md" }?.status == .missing)
        #expect(rows.first { $0.path == "/n/b.md" }?.words == 7)
        #expect(fixture.lastSummary?.added == 1)
    }

    @Test("a missing file is reported once, kept with its history, and comes back")
    func missingAndBack() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(50))
        try await fixture.track("/n")
        try fixture.disk.append("/n/a.md", contents: " one two three")
        try await fixture.update()
        try fixture.disk.remove("/n/a.md")
        try await fixture.update()
        try await fixture.update()
        #expect(fixture.recorder.events(of: FileWentMissing.self).count == 1)
        #expect(try await fixture.row("/n/a.md")?.status == .missing)
        #expect(try await fixture.history(days: 1).map(\.words) == [3])  // going missing is not negative writing
        try fixture.disk.write("/n/a.md", contents: Fixture.words(60))
        try await fixture.update()
        #expect(try await fixture.row("/n/a.md")?.status == .ok)
        #expect(fixture.recorder.events(of: FileReappeared.self).count == 1)
        #expect(try await fixture.row("/n/a.md")?.words == 60)
    }

    @Test("unreadable files get their reason and never stop the run")
    func unreadable() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(5))
        try fixture.disk.write("/n/b.md", contents: Fixture.words(5))
        try await fixture.track("/n")
        // Unchanged files are not opened again, so a file is found unreadable once it changes.
        try fixture.disk.append("/n/a.md", contents: " more")
        try fixture.disk.makeUnreadable("/n/a.md")
        try fixture.disk.append("/n/b.md", contents: " six")
        try await fixture.update()
        #expect(try await fixture.row("/n/a.md")?.status == .unreadable)
        #expect(try await fixture.row("/n/a.md")?.reason == "permission denied")
        #expect(try await fixture.row("/n/b.md")?.words == 6)
        #expect(fixture.lastSummary?.unreadable == 1)
        try fixture.disk.makeReadable("/n/a.md")
        try await fixture.update()
        #expect(try await fixture.row("/n/a.md")?.status == .ok)
    }

    @Test(
        "new files in tracked folders are tracked on the next update, their words today's writing; a copy stays a baseline"
    )
    func newFiles() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(5))
        try await fixture.track("/n")
        try fixture.disk.write("/n/new/b.md", contents: Fixture.words(8))
        try fixture.disk.write("/n/copy-of-a.md", contents: Fixture.words(5))
        try await fixture.update()
        #expect(try await fixture.row("/n/new/b.md")?.words == 8)
        #expect(try await fixture.row("/n/new/b.md")?.today == 8)  // a chapter started since: written today
        #expect(try await fixture.row("/n/copy-of-a.md")?.today == 0)  // a copy of a tracked file: a baseline
        #expect(try await fixture.history(days: 1).map(\.words) == [8])
        #expect(fixture.lastSummary?.added == 2)
    }

    @Test("a copy made before its original was edited is still a copy: its text is the original's of before")
    func copyBeforeEdit() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(5))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a-draft-1.md", contents: Fixture.words(5))
        try fixture.disk.write("/n/a.md", contents: Fixture.words(9))
        try await fixture.update()
        #expect(try await fixture.row("/n/a-draft-1.md")?.today == 0)
        #expect(try await fixture.history(days: 1).map(\.words) == [4])
    }

    @Test("the single-file update recounts one file by path")
    func singleFile() async throws {
        let fixture = Fixture()
        try fixture.disk.write("/n/a.md", contents: Fixture.words(5))
        try await fixture.track("/n")
        try fixture.disk.atomicallySave("/n/a.md", contents: Fixture.words(9))
        try await fixture.app.run(UpdateWordCount(path: "/n/a.md"))
        #expect(try await fixture.row("/n/a.md")?.words == 9)
        await #expect(throws: PathProblems.self) {
            try await fixture.app.run(UpdateWordCount(path: "/n/other.md"))
        }
    }
}
