import Harbor
import Testing
import WordCounter
import WordCounterAdapters

@Suite("NoteReportedAliases: each other name said once")
struct NoteReportedAliasesTests {
    @Test("returns only names not recorded before; writes nothing when nothing changes; forgets names gone")
    func once() async throws {
        let disk = InMemoryFileSystem()
        try disk.write("/novel/a.md", contents: "one")
        try disk.write("/novel/b.md", contents: "one")
        let app = WordCounterApp(
            services: WordCounterServices(persistence: Persistence(store: InMemoryStore()), fileSystem: disk))
        #expect(try await app.run(NoteReportedAliases(paths: ["/novel/b.md"])) == ["/novel/b.md"])
        #expect(try await app.run(NoteReportedAliases(paths: ["/novel/b.md"])).isEmpty)
        #expect(try await app.run(NoteReportedAliases(paths: [])).isEmpty)
        #expect(try await app.run(NoteReportedAliases(paths: ["/novel/a.md", "/novel/b.md"])) == ["/novel/a.md"])
        try disk.remove("/novel/b.md")
        #expect(try await app.run(NoteReportedAliases(paths: [])).isEmpty)
        try disk.write("/novel/b.md", contents: "one")
        #expect(try await app.run(NoteReportedAliases(paths: ["/novel/b.md"])) == ["/novel/b.md"])
    }
}
