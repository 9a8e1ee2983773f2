import Harbor
import Testing
import WordCounter
import WordCounterAdapters

/// The samples of `WordCounterApp`'s and `WordCounterServices`'s doc comments.
@Suite("Sample: WordCounterApp")
struct WordCounterAppSample {
    static func status(on disk: InMemoryFileSystem) async throws -> [FileStatusRow] {
        let services = WordCounterServices(persistence: Persistence(store: InMemoryStore()), fileSystem: disk)
        let app = WordCounterApp(services: services)
        try await app.run(TrackFiles(paths: ["/novel"]))
        let rows = try await app.run(ShowStatus())
        return rows
    }

    @Test("tracks a folder on the in-memory disk and shows each file's words")
    func sample() async throws {
        let disk = InMemoryFileSystem()
        try disk.write("/novel/chapter-1.md", contents: "It was a bright cold day.")
        let rows = try await Self.status(on: disk)
        #expect(rows.map(\.path) == ["/novel/chapter-1.md"])
        #expect(rows.map(\.words) == [6])
    }
}
