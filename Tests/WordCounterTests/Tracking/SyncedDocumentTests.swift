import Foundation
import Harbor
import HarborTesting
import Synchronization
import Testing
import WordCounter
import WordCounterAdapters

/// Two machines sharing one store, each with its own copy of a manuscript folder that a file-sync
/// tool keeps equal (here: copying files between their folders).
@Suite("Synced copies on two machines are one document, counted once")
struct SyncedDocumentTests {
    let fixture = Fixture()
    let desk: WordCounterApp
    let laptop: WordCounterApp

    init() {
        desk = Self.machine("desk", fixture)
        laptop = Self.machine("laptop", fixture)
    }

    static func machine(_ name: String, _ fixture: Fixture) -> WordCounterApp {
        let ids = Atomic<Int>(0)
        return WordCounterApp(
            services: WordCounterServices(
                persistence: fixture.persistence, fileSystem: fixture.disk, calendar: fixture.services.calendar,
                now: fixture.services.now, makeID: { "\(name)-\(ids.add(1, ordering: .relaxed).newValue)" },
                machine: name))
    }

    /// Writes `text` to `relative` in one machine's folder.
    func write(_ relative: String, _ text: String, on machine: String) throws {
        try fixture.disk.write("/home/\(machine)/novel/\(relative)", contents: text)
    }

    /// The file-sync tool: `relative` in `destination`'s folder becomes `text`, what it is in the other's.
    func sync(_ relative: String, _ text: String, to destination: String) throws {
        try fixture.disk.write("/home/\(destination)/novel/\(relative)", contents: text)
    }

    func history(days: Int = 2) async throws -> [HistoryEntry] {
        try await desk.run(ShowHistory(days: days, grouping: .machine))
    }

    @Test("a word written on one machine counts once; the sync brings nothing; the other's writing counts once")
    func countedOnce() async throws {
        try write("chapter.md", Fixture.words(100), on: "desk")
        try sync("chapter.md", Fixture.words(100), to: "laptop")
        try await desk.run(TrackFiles(paths: ["/home/desk/novel"]))
        try await laptop.run(TrackFiles(paths: ["/home/laptop/novel"]))

        try fixture.disk.write("/home/desk/novel/chapter.md", contents: Fixture.words(150))
        try await desk.run(UpdateWordCounts())
        try sync("chapter.md", Fixture.words(150), to: "laptop")
        try await laptop.run(UpdateWordCounts())
        #expect(try await history().last?.words == 50)

        try fixture.disk.write("/home/laptop/novel/chapter.md", contents: Fixture.words(170))
        try await laptop.run(UpdateWordCount(path: "/home/laptop/novel/chapter.md"))
        try sync("chapter.md", Fixture.words(170), to: "desk")
        try await desk.run(UpdateWordCounts())
        try await laptop.run(UpdateWordCounts())

        let today = try #require(try await history().last)
        #expect(today.words == 70)
        #expect(today.added == 70)
        #expect(today.machines == ["desk": 50, "laptop": 20])
        // Each machine shows and updates its own copy only.
        #expect(try await desk.run(ShowStatus()).map(\.path) == ["/home/desk/novel/chapter.md"])
        #expect(try await laptop.run(ShowStatus()).map(\.path) == ["/home/laptop/novel/chapter.md"])
        let documents = try await fixture.persistence.repository(SyncedDocument.self).all()
        #expect(documents.map(\.id) == ["novel/chapter.md"])
        #expect(documents.first?.words == 170)
    }

    @Test("a sync that arrives the next day adds nothing to it and takes nothing from the day before")
    func noLostDay() async throws {
        try write("chapter.md", Fixture.words(10), on: "desk")
        try sync("chapter.md", Fixture.words(10), to: "laptop")
        try await desk.run(TrackFiles(paths: ["/home/desk/novel"]))
        try await laptop.run(TrackFiles(paths: ["/home/laptop/novel"]))
        try fixture.disk.write("/home/desk/novel/chapter.md", contents: Fixture.words(40))
        try await desk.run(UpdateWordCounts())

        fixture.clock.advance(days: 1)
        try sync("chapter.md", Fixture.words(40), to: "laptop")
        try await laptop.run(UpdateWordCounts())
        try fixture.disk.write("/home/laptop/novel/chapter.md", contents: Fixture.words(45))
        try await laptop.run(UpdateWordCounts())

        let days = try await history()
        #expect(days.map(\.words) == [30, 5])
        #expect(days.map(\.machines) == [["desk": 30, "laptop": 0], ["desk": 0, "laptop": 5]])
    }

    @Test("a new chapter synced to the other machine is new writing once, a baseline there")
    func newFileSynced() async throws {
        try write("chapter.md", Fixture.words(10), on: "desk")
        try sync("chapter.md", Fixture.words(10), to: "laptop")
        try await desk.run(TrackFiles(paths: ["/home/desk/novel"]))
        try await laptop.run(TrackFiles(paths: ["/home/laptop/novel"]))
        try fixture.disk.write("/home/desk/novel/new.md", contents: Fixture.words(25))
        try await desk.run(UpdateWordCounts())
        try sync("new.md", Fixture.words(25), to: "laptop")
        try await laptop.run(UpdateWordCounts())
        #expect(try await laptop.run(ShowStatus()).map(\.path).contains("/home/laptop/novel/new.md"))
        let machines = try await history().last?.machines
        #expect(machines == ["desk": 25])  // the laptop wrote nothing in the range
    }

    @Test("two machines tracking a folder at the same path each have their copy; writing counts once")
    func samePath() async throws {
        try fixture.disk.write("/home/writer/novel/chapter.md", contents: Fixture.words(10))
        try await desk.run(TrackFiles(paths: ["/home/writer/novel"]))
        try await laptop.run(TrackFiles(paths: ["/home/writer/novel"]))
        #expect(try await laptop.run(ShowStatus()).map(\.path) == ["/home/writer/novel/chapter.md"])
        try fixture.disk.write("/home/writer/novel/chapter.md", contents: Fixture.words(18))
        try await laptop.run(UpdateWordCounts())
        try await desk.run(UpdateWordCounts())
        let machines = try await history().last?.machines
        #expect(machines == ["laptop": 8])  // the desk counted nothing
        #expect(try await fixture.persistence.repository(TrackedFile.self).all().count == 2)
    }

    @Test("a second folder of the same name on one machine is not merged with the first")
    func sameNameOnOneMachine() async throws {
        try fixture.disk.write("/home/desk/a/notes/todo.md", contents: Fixture.words(3))
        try fixture.disk.write("/home/desk/b/notes/todo.md", contents: Fixture.words(3))
        try await desk.run(TrackFiles(paths: ["/home/desk/a/notes", "/home/desk/b/notes"]))
        let roots = try await fixture.persistence.repository(TrackedRoot.self).all()
        #expect(Set(roots.map(\.name)) == ["notes", nil])
        try fixture.disk.write("/home/desk/a/notes/todo.md", contents: Fixture.words(5))
        try fixture.disk.write("/home/desk/b/notes/todo.md", contents: Fixture.words(9))
        try await desk.run(UpdateWordCounts())
        #expect(try await history().last?.words == 8)
    }

    @Test("one machine's update leaves the other's files alone: never missing for a path it cannot see")
    func otherMachinesFiles() async throws {
        try fixture.disk.write("/home/laptop/novel/chapter.md", contents: Fixture.words(10))
        try await laptop.run(TrackFiles(paths: ["/home/laptop/novel"]))
        try fixture.disk.remove("/home/laptop/novel/chapter.md")
        try await desk.run(UpdateWordCounts())
        let file = try #require(try await fixture.persistence.repository(TrackedFile.self).all().first)
        #expect(file.state == .ok)
        #expect(file.machine == "laptop")
        #expect(file.document == "novel/chapter.md")
    }

    @Test("a file tracked again at a path whose document was another file's starts it again")
    func anotherFileAtTheSamePath() async throws {
        try write("chapter.md", Fixture.words(10), on: "desk")
        try await desk.run(TrackFiles(paths: ["/home/desk/novel"]))
        try await desk.run(UntrackFiles(paths: ["/home/desk/novel/chapter.md"]))
        try write("chapter.md", Fixture.words(40), on: "desk")
        try await desk.run(TrackFiles(paths: ["/home/desk/novel"]))
        try write("chapter.md", Fixture.words(45), on: "desk")
        try await desk.run(UpdateWordCounts())
        #expect(try await history().last?.machines == ["desk": 5])
    }
}
