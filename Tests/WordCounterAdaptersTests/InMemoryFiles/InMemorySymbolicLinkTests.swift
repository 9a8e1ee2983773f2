import Testing
import WordCounter
import WordCounterAdapters

/// Symbolic links on the fake disk: followed where the local disk follows them, resolved by `realPath(of:)`.
@Suite("InMemoryFileSystem symbolic links")
struct InMemorySymbolicLinkTests {
    @Test("a link to a file is followed by status and counting, and resolved to where the file is")
    func linkToFile() throws {
        let files = InMemoryFileSystem()
        try files.write("/etc/passwd", contents: "root x 0 0")
        try files.makeSymbolicLink("/novel/passwd.md", to: "/etc/passwd")
        let status = try files.status(of: "/novel/passwd.md")
        #expect(status.path == "/novel/passwd.md")
        #expect(status.identity == (try files.status(of: "/etc/passwd")).identity)
        #expect(try files.count("/novel/passwd.md", mode: .words).words == 4)
        #expect(try files.realPath(of: "/novel/passwd.md") == "/etc/passwd")
        #expect(try files.realPath(of: "/etc/passwd") == "/etc/passwd")
    }

    @Test("links on the way and relative targets are resolved; a link to nowhere or a loop is a problem")
    func resolution() throws {
        let files = InMemoryFileSystem()
        try files.write("/data/novel/a.md", contents: "one two")
        try files.makeSymbolicLink("/home/writer/novel", to: "../../data/novel")  // relative to /home/writer
        #expect(try files.realPath(of: "/home/writer/novel/a.md") == "/data/novel/a.md")
        #expect(try files.status(of: "/home/writer/novel").kind == .directory)
        try files.makeSymbolicLink("/novel/gone.md", to: "/nowhere.md")
        #expect(throws: FileProblem.notFound) { try files.realPath(of: "/novel/gone.md") }
        #expect(throws: FileProblem.notFound) { try files.status(of: "/novel/gone.md") }
        try files.makeSymbolicLink("/loop/a", to: "/loop/b")
        try files.makeSymbolicLink("/loop/b", to: "/loop/a")
        #expect(throws: FileProblem.symlinkLoop) { try files.realPath(of: "/loop/a") }
        #expect(throws: FileProblem.io("file exists")) { try files.makeSymbolicLink("/loop/a", to: "/x") }
    }

    @Test("a listing lists a link to a file at its own path, and neither a link to a folder nor one to nowhere")
    func listing() throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/a.md", contents: "one")
        try files.write("/elsewhere/b.md", contents: "two words")
        try files.write("/elsewhere/sub/c.md", contents: "three")
        try files.makeSymbolicLink("/novel/b.md", to: "/elsewhere/b.md")
        try files.makeSymbolicLink("/novel/sub", to: "/elsewhere/sub")
        try files.makeSymbolicLink("/novel/gone.md", to: "/nowhere.md")
        let listing = try files.listing(of: "/novel", matching: FileFilter(), recursive: true)
        #expect(listing.files == ["/novel/a.md", "/novel/b.md"])
        #expect(listing.statuses["/novel/b.md"]?.size == 9)
        // A folder reached through a link is listed at the path it was asked by.
        #expect(try files.files(in: "/novel/sub", matching: FileFilter()) == ["/novel/sub/c.md"])
    }

    @Test("a write goes through a link to its file; an atomic save, a rename and a removal act on the link")
    func editing() throws {
        let files = InMemoryFileSystem()
        try files.write("/elsewhere/b.md", contents: "one")
        try files.makeSymbolicLink("/novel/b.md", to: "/elsewhere/b.md")
        try files.append("/novel/b.md", contents: " two")
        #expect(try files.count("/elsewhere/b.md", mode: .words).words == 2)
        try files.rename("/novel/b.md", to: "/novel/c.md")
        #expect(try files.realPath(of: "/novel/c.md") == "/elsewhere/b.md")
        try files.atomicallySave("/novel/c.md", contents: "a file of its own")
        #expect(try files.realPath(of: "/novel/c.md") == "/novel/c.md")
        #expect(try files.count("/elsewhere/b.md", mode: .words).words == 2)
        try files.makeSymbolicLink("/novel/d.md", to: "/elsewhere/b.md")
        try files.remove("/novel/d.md")
        #expect(throws: FileProblem.notFound) { try files.status(of: "/novel/d.md") }
        #expect(try files.status(of: "/elsewhere/b.md").kind == .regular)
    }
}
