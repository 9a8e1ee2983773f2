import Foundation
import Glibc
import HarborTesting
import Testing
import WordCounterAdapters

/// `absolutePath` on the local disk: home, working folder, lexical clean-up, symlinks kept.
@Suite("LocalFileSystem paths")
struct LocalFileSystemPathTests {
    let files = LocalFileSystem()

    @Test("absolute paths are cleaned up lexically")
    func absolute() {
        #expect(files.absolutePath("/a//b/./c/../d/") == "/a/b/d")
        #expect(files.absolutePath("/../..") == "/")
        #expect(files.absolutePath("/") == "/")
    }

    @Test("relative paths resolve against the working folder")
    func relative() {
        let working = FileManager.default.currentDirectoryPath
        #expect(files.absolutePath("notes/a.md") == (working == "/" ? "" : working) + "/notes/a.md")
        #expect(files.absolutePath(".") == working)
    }

    @Test("~ expands to the home folder")
    func home() {
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/"
        #expect(files.absolutePath("~/novel") == files.absolutePath(home + "/novel"))
        #expect(files.absolutePath("~") == files.absolutePath(home))
        #expect(files.absolutePath("~other/x").hasSuffix("/~other/x"))
    }

    @Test("symbolic links are kept, not resolved")
    func symlinksKept() throws {
        try TemporaryFolder.with { folder in
            try folder.createFolder("real")
            try check(symlink(folder("real"), folder("link")), "symlink")
            #expect(files.absolutePath(folder("link") + "/a.md") == folder("link/a.md"))
        }
    }
}
