import Testing
import WordCounter
import WordCounterAdapters

/// The samples of `InMemoryFileSystem`'s and `ScriptedMonitor`'s doc comments.
@Suite("Sample: InMemoryFileSystem")
struct InMemoryFileSystemSample {
    @Test("folders are created; the saved and renamed file is at its new path")
    func files() throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/chapter-1.md", contents: "It was a bright cold day.")  // folders are created
        try files.atomicallySave("/novel/chapter-1.md", contents: "It was a bright cold day in April.")
        try files.rename("/novel/chapter-1.md", to: "/novel/01.md")
        #expect(try files.count("/novel/01.md", mode: .words).words == 8)
        #expect(throws: FileProblem.notFound) { try files.status(of: "/novel/chapter-1.md") }
    }

    @Test("a scripted monitor sends what the test tells it")
    func monitor() async throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/a.md", contents: "Words")
        let monitor = ScriptedMonitor()
        try files.append("/novel/a.md", contents: " more")
        monitor.send(.modified("/novel/a.md"))
        monitor.finish()
        var changes: [FileChange] = []
        for await change in monitor.changes() { changes.append(change) }
        #expect(changes == [.modified("/novel/a.md")])
    }
}
