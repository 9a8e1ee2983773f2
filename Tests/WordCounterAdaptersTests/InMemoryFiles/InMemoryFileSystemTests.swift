import Testing
import WordCounter
import WordCounterAdapters

/// The fake disk behaves as a Linux one does where Word Counter cares.
@Suite("InMemoryFileSystem")
struct InMemoryFileSystemTests {
    @Test("writing creates folders; status reports size, kind and device 1")
    func writeAndStatus() throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/part-1/chapter-1.md", contents: "It was a bright cold day.")
        let status = try files.status(of: "/novel/part-1/chapter-1.md")
        #expect(status.kind == .regular)
        #expect(status.size == 25)
        #expect(status.identity.device == 1)
        #expect(status.identity.birthTime != nil)
        #expect(try files.status(of: "/novel/part-1").kind == .directory)
        #expect(throws: FileProblem.notFound) { try files.status(of: "/novel/chapter-9.md") }
        #expect(throws: FileProblem.notFound) { try files.status(of: "/novel/part-1/chapter-1.md/x") }
    }

    @Test("writing in place and appending keep the identity and advance the modification time")
    func writeInPlace() throws {
        let files = InMemoryFileSystem()
        try files.write("/a.md", contents: "one")
        let first = try files.status(of: "/a.md")
        try files.write("/a.md", contents: "one two")
        try files.append("/a.md", contents: " three")
        let second = try files.status(of: "/a.md")
        #expect(second.identity == first.identity)
        #expect(second.modified > first.modified)
        #expect(try files.count("/a.md", mode: .words).words == 3)
    }

    @Test("an atomic save gives the path a new identity and leaves no temporary file")
    func atomicSave() throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/a.md", contents: "first")
        let before = try files.status(of: "/novel/a.md")
        try files.atomicallySave("/novel/a.md", contents: "second draft")
        let after = try files.status(of: "/novel/a.md")
        #expect(!after.identity.isSameFile(as: before.identity))
        #expect(try files.count("/novel/a.md", mode: .words).words == 2)
        #expect(try files.files(in: "/novel", matching: FileFilter(include: ["*"])) == ["/novel/a.md"])
    }

    @Test("rename keeps the identity; the old path is gone")
    func renameKeepsIdentity() throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/draft.md", contents: "words")
        let before = try files.status(of: "/novel/draft.md")
        try files.createFolder("/novel/final")
        try files.rename("/novel/draft.md", to: "/novel/final/chapter.md")
        #expect(try files.status(of: "/novel/final/chapter.md").identity == before.identity)
        #expect(throws: FileProblem.notFound) { try files.status(of: "/novel/draft.md") }
    }

    @Test("renaming a folder moves everything in it, identities kept")
    func renameFolder() throws {
        let files = InMemoryFileSystem()
        try files.write("/novel/drafts/a.md", contents: "a")
        let before = try files.status(of: "/novel/drafts/a.md")
        try files.rename("/novel/drafts", to: "/novel/archive")
        #expect(try files.status(of: "/novel/archive/a.md").identity == before.identity)
        #expect(try files.files(in: "/novel", matching: FileFilter()) == ["/novel/archive/a.md"])
        #expect(throws: FileProblem.io("cannot move a folder into itself")) {
            try files.rename("/novel", to: "/novel/archive/novel")
        }
    }

    @Test("renaming over a file replaces it, as rename(2) does")
    func renameOverFile() throws {
        let files = InMemoryFileSystem()
        try files.write("/a.md", contents: "a")
        try files.write("/b.md", contents: "b b")
        let moved = try files.status(of: "/a.md")
        try files.rename("/a.md", to: "/b.md")
        #expect(try files.status(of: "/b.md").identity == moved.identity)
        #expect(try files.count("/b.md", mode: .words).words == 1)
        #expect(throws: FileProblem.notFound) { try files.rename("/a.md", to: "/c.md") }
        #expect(throws: FileProblem.notFound) { try files.rename("/b.md", to: "/missing/b.md") }
    }

    @Test("after a delete, a new file may reuse the inode number but never the birth time")
    func inodeReuse() throws {
        let files = InMemoryFileSystem()
        try files.write("/old.md", contents: "old")
        let old = try files.status(of: "/old.md")
        try files.remove("/old.md")
        try files.write("/new.md", contents: "new")
        let new = try files.status(of: "/new.md")
        #expect(new.identity.inode == old.identity.inode)
        #expect(new.identity.birthTime != old.identity.birthTime)
        #expect(!new.identity.isSameFile(as: old.identity))
    }

    @Test("times come from the injected clock, strictly increasing even when it stands still")
    func injectedClock() throws {
        let files = InMemoryFileSystem(now: { 1_000 })
        try files.write("/a.md", contents: "a")
        try files.write("/b.md", contents: "b")
        let a = try files.status(of: "/a.md")
        let b = try files.status(of: "/b.md")
        #expect(a.identity.birthTime.map { $0 >= 1_000 } == true)
        #expect(b.identity.birthTime.map { $0 > a.identity.birthTime ?? 0 } == true)
    }

    @Test("counts like the local disk: same words and fingerprint for the same bytes", arguments: CountingMode.allCases)
    func countsLikeLocalDisk(mode: CountingMode) throws {
        let files = InMemoryFileSystem()
        let text = "# Title\n\nSome *words* — and more… words.\n"
        try files.write("/a.md", contents: text)
        let count = try files.count("/a.md", mode: mode)
        #expect(count.words == WordCounterStream.result(for: text, mode: mode).words)
        #expect(count.fingerprint == Fingerprint.of(Array(text.utf8)))
        #expect(count.status == (try files.status(of: "/a.md")))
    }

    @Test("binary, FIFO, folder, unreadable and missing files are reported as on disk")
    func problems() throws {
        let files = InMemoryFileSystem()
        try files.write("/image.png", bytes: [0x89, 0x50, 0x00])
        try files.makeFIFO("/pipe.md")
        try files.write("/secret.md", contents: "secret")
        try files.makeUnreadable("/secret.md")
        #expect(throws: FileProblem.binary) { try files.count("/image.png", mode: .words) }
        #expect(throws: FileProblem.notRegularFile(.fifo)) { try files.count("/pipe.md", mode: .words) }
        #expect(throws: FileProblem.notRegularFile(.directory)) { try files.count("/", mode: .words) }
        #expect(throws: FileProblem.permissionDenied) { try files.count("/secret.md", mode: .words) }
        #expect(throws: FileProblem.notFound) { try files.count("/none.md", mode: .words) }
        #expect(try files.status(of: "/secret.md").kind == .regular)
        try files.makeReadable("/secret.md")
        #expect(try files.count("/secret.md", mode: .words).words == 1)
    }

    @Test("Markdown front matter `wordcount: false` gives no words")
    func countingDisabled() throws {
        let files = InMemoryFileSystem()
        try files.write("/notes.md", contents: "---\nwordcount: false\n---\n\nPrivate.\n")
        #expect(try files.count("/notes.md", mode: .markdown).words == nil)
    }

    @Test("listing: recursive or not, hidden and unreadable folders skipped, filter applied, sorted")
    func listing() throws {
        let files = InMemoryFileSystem()
        for path in ["b.md", "a.md", "cover.png", "drafts/x.md", ".git/y.md", "locked/z.md", "sub/.hidden.md"] {
            try files.write("/novel/" + path, contents: "w")
        }
        try files.makeFIFO("/novel/pipe.md")
        try files.makeUnreadable("/novel/locked")
        #expect(
            try files.files(in: "/novel", matching: FileFilter()) == [
                "/novel/a.md", "/novel/b.md", "/novel/drafts/x.md",
            ])
        #expect(
            try files.files(in: "/novel", matching: FileFilter(), recursive: false) == ["/novel/a.md", "/novel/b.md"])
        #expect(
            try files.files(in: "/novel", matching: FileFilter(exclude: ["drafts/"])) == ["/novel/a.md", "/novel/b.md"])
        #expect(throws: FileProblem.notFound) { try files.files(in: "/nowhere", matching: FileFilter()) }
        #expect(throws: FileProblem.io("not a folder")) { try files.files(in: "/novel/a.md", matching: FileFilter()) }
        #expect(throws: FileProblem.permissionDenied) { try files.files(in: "/novel/locked", matching: FileFilter()) }
        #expect(throws: FileProblem.permissionDenied) { try files.status(of: "/novel/locked/z.md") }
    }

    @Test("absolute paths resolve against the configured working and home folders")
    func absolutePaths() {
        let files = InMemoryFileSystem(workingDirectory: "/work/novel", homeDirectory: "/home/ann")
        #expect(files.absolutePath("chapter.md") == "/work/novel/chapter.md")
        #expect(files.absolutePath("../notes//./a.md") == "/work/notes/a.md")
        #expect(files.absolutePath("~/book") == "/home/ann/book")
        #expect(files.absolutePath("~") == "/home/ann")
        #expect(files.absolutePath("/a/b/../../..") == "/")
        #expect(files.absolutePath("") == "/work/novel")
    }

    @Test("is safe to use from many tasks at once")
    func concurrentUse() async throws {
        let files = InMemoryFileSystem()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try files.write("/novel/\(index).md", contents: "word \(index)")
                    _ = try files.count("/novel/\(index).md", mode: .words)
                }
            }
            try await group.waitForAll()
        }
        let listed = try files.files(in: "/novel", matching: FileFilter())
        #expect(listed.count == 50)
        #expect(Set(try listed.map { try files.status(of: $0).identity.inode }).count == 50)
    }
}
