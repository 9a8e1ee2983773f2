import Glibc
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// `realPath(of:)` on the local disk: where a path really is, every symbolic link resolved.
@Suite("LocalFileSystem real paths")
struct LocalFileSystemRealPathTests {
    let files = LocalFileSystem()

    @Test("a link to a file outside its folder resolves to that file; a plain file to itself")
    func linkToFile() throws {
        try TemporaryFolder.with { folder in
            let base = try files.realPath(of: folder.path)  // the temporary folder may itself be behind a link
            let outside = try folder.write("outside/passwd", "root x 0 0")
            let chapter = try folder.write("novel/a.md", "one")
            try check(symlink(outside, folder("novel/passwd.md")), "symlink")
            #expect(try files.realPath(of: folder("novel/passwd.md")) == base + "/outside/passwd")
            #expect(try files.realPath(of: chapter) == base + "/novel/a.md")
        }
    }

    @Test("a link on the way is resolved, and so are . and ..")
    func linkOnTheWay() throws {
        try TemporaryFolder.with { folder in
            let base = try files.realPath(of: folder.path)
            try folder.write("data/novel/a.md", "one")
            try check(symlink(folder("data/novel"), folder("novel")), "symlink")
            #expect(try files.realPath(of: folder("novel") + "/./a.md") == base + "/data/novel/a.md")
            #expect(try files.realPath(of: folder("novel") + "/../novel/a.md") == base + "/data/novel/a.md")
        }
    }

    @Test("a link to nowhere is not found; a loop says so")
    func problems() throws {
        try TemporaryFolder.with { folder in
            try check(symlink(folder("nowhere.md"), folder("gone.md")), "symlink")
            #expect(throws: FileProblem.notFound) { try files.realPath(of: folder("gone.md")) }
            try check(symlink(folder("b"), folder("a")), "symlink")
            try check(symlink(folder("a"), folder("b")), "symlink")
            #expect(throws: FileProblem.symlinkLoop) { try files.realPath(of: folder("a")) }
        }
    }
}
