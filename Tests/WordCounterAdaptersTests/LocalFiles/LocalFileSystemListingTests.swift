import Foundation
import Glibc
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// `files(in:matching:recursive:)` on a real disk.
@Suite("LocalFileSystem listing")
struct LocalFileSystemListingTests {
    let files = LocalFileSystem()

    /// A small novel folder with the things a real one holds besides chapters.
    static func makeNovel(in folder: TemporaryFolder) throws {
        for path in [
            "chapter-1.md", "chapter-2.MD", "notes.txt", "cover.png", "README",
            "drafts/old.md", "drafts/deep/older.md", "research/notes/paris.txt", "research/notes/map.pdf",
            ".git/config.md", ".hidden.md", "drafts/.trash/gone.md",
        ] {
            try folder.write(path, "some words")
        }
    }

    @Test("recursive listing finds accepted files below the folder, sorted, and skips hidden ones")
    func recursive() throws {
        try TemporaryFolder.with { folder in
            try Self.makeNovel(in: folder)
            let listed = try files.files(in: folder.path, matching: FileFilter())
            #expect(
                listed
                    == [
                        "chapter-1.md", "chapter-2.MD", "drafts/deep/older.md", "drafts/old.md", "notes.txt",
                        "research/notes/paris.txt",
                    ].map { folder($0) })
        }
    }

    @Test("non-recursive listing looks only at the folder itself")
    func nonRecursive() throws {
        try TemporaryFolder.with { folder in
            try Self.makeNovel(in: folder)
            let listed = try files.files(in: folder.path, matching: FileFilter(), recursive: false)
            #expect(listed == ["chapter-1.md", "chapter-2.MD", "notes.txt"].map { folder($0) })
        }
    }

    @Test("include and exclude globs are applied to paths relative to the folder")
    func globs() throws {
        try TemporaryFolder.with { folder in
            try Self.makeNovel(in: folder)
            let drafts = try files.files(in: folder.path, matching: FileFilter(include: ["drafts/**"]))
            #expect(drafts == ["drafts/deep/older.md", "drafts/old.md"].map { folder($0) })
            let notDrafts = try files.files(in: folder.path, matching: FileFilter(exclude: ["drafts/**", "*.txt"]))
            #expect(notDrafts == ["chapter-1.md", "chapter-2.MD"].map { folder($0) })
            let pdfs = try files.files(in: folder.path, matching: FileFilter(include: ["**/notes/*.pdf"]))
            #expect(pdfs == [folder("research/notes/map.pdf")])
        }
    }

    @Test("a trailing slash on the folder changes nothing")
    func trailingSlash() throws {
        try TemporaryFolder.with { folder in
            try folder.write("a.md", "x")
            #expect(try files.files(in: folder.path + "/", matching: FileFilter()) == [folder("a.md")])
        }
    }

    @Test("symbolic links to files are listed; links to folders are not followed, so cycles end")
    func symbolicLinks() throws {
        try TemporaryFolder.with { folder in
            let target = try folder.write("real/a.md", "x")
            try check(symlink(target, folder("link.md")), "symlink")
            try check(symlink(folder.path, folder("real/cycle")), "symlink")
            try check(symlink(folder("nowhere.md"), folder("dangling.md")), "symlink")
            let listed = try files.files(in: folder.path, matching: FileFilter())
            #expect(listed == [folder("link.md"), target])
        }
    }

    @Test("FIFOs and other special files are not listed")
    func specialFiles() throws {
        try TemporaryFolder.with { folder in
            try check(mkfifo(folder("pipe.md"), 0o644), "mkfifo")
            try folder.write("a.md", "x")
            #expect(try files.files(in: folder.path, matching: FileFilter()) == [folder("a.md")])
        }
    }

    @Test("an unreadable subfolder is skipped, not fatal (root reads it anyway)")
    func unreadableSubfolder() throws {
        try TemporaryFolder.with { folder in
            try folder.write("open/a.md", "x")
            try folder.write("locked/b.md", "x")
            try check(chmod(folder("locked"), 0), "chmod")
            let listed = try files.files(in: folder.path, matching: FileFilter())
            if geteuid() == 0 {
                #expect(listed == [folder("locked/b.md"), folder("open/a.md")])
            } else {
                #expect(listed == [folder("open/a.md")])
            }
        }
    }

    @Test("the folder's own problems are thrown: missing, or not a folder")
    func folderProblems() throws {
        try TemporaryFolder.with { folder in
            #expect(throws: FileProblem.notFound) { try files.files(in: folder("missing"), matching: FileFilter()) }
            let file = try folder.write("a.md", "x")
            #expect(throws: FileProblem.io("not a folder")) { try files.files(in: file, matching: FileFilter()) }
        }
    }

    @Test("10,000 files are listed in order, each with the status a status call gives (timed in harbor-bench)")
    func manyFiles() throws {
        try TemporaryFolder.with { folder in
            for chapter in 0..<100 {
                try folder.createFolder("part-\(chapter)")
                for scene in 0..<100 {
                    let descriptor = open(folder("part-\(chapter)/scene-\(scene).md"), O_WRONLY | O_CREAT, 0o644)
                    #expect(descriptor >= 0)
                    close(descriptor)
                }
            }
            let listing = try files.listing(of: folder.path, matching: FileFilter(), recursive: true)
            #expect(listing.files.count == 10_000)
            #expect(listing.files == listing.files.sorted())
            #expect(Set(listing.statuses.paths) == Set(listing.files))
            for path in listing.files where path.hasSuffix("/scene-7.md") {
                #expect(listing.statuses[path] == (try files.status(of: path)))
            }
        }
    }

    @Test("a deep and uneven tree is listed whole, whichever thread reads which folder, with its unreadable subfolder")
    func deepUnevenTree() throws {
        try TemporaryFolder.with { folder in
            // A chain eight folders deep (a thread may wait while one folder at a time is found),
            // beside a wide level of thirty folders, some empty, and one that cannot be read.
            var expected: [String] = []
            var chain = "chain"
            for depth in 0..<8 {
                expected.append(try folder.write("\(chain)/at-\(depth).md", "x"))
                chain += "/deeper"
            }
            for index in 0..<30 {
                try folder.createFolder("wide/\(index)")
                if index % 3 != 0 { expected.append(try folder.write("wide/\(index)/n.md", "x")) }
            }
            expected.append(try folder.write("top.md", "x"))
            try folder.write("wide/locked/hidden.md", "x")
            try check(chmod(folder("wide/locked"), 0), "chmod")
            if geteuid() == 0 { expected.append(folder("wide/locked/hidden.md")) }
            for _ in 0..<20 {
                let listing = try files.listing(of: folder.path, matching: FileFilter(), recursive: true)
                #expect(listing.files == expected.sorted())
                #expect(listing.statuses.count == expected.count)
                if geteuid() != 0 {
                    #expect(listing.unreadableFolders.map(\.path) == [folder("wide/locked")])
                }
            }
        }
    }

    @Test("a symbolic link to a file is listed with its target's status; a broken one is not listed")
    func linkStatuses() throws {
        try TemporaryFolder.with { folder in
            let target = try folder.write("a.md", "one two")
            #expect(symlink(target, folder("link.md")) == 0)
            #expect(symlink(folder("gone.md"), folder("broken.md")) == 0)
            let listing = try files.listing(of: folder.path, matching: FileFilter(), recursive: true)
            #expect(listing.files == [target, folder("link.md")])
            let linked = try #require(listing.statuses[folder("link.md")])
            #expect(linked.identity == (try files.status(of: target)).identity)
            #expect(linked.path == folder("link.md"))
        }
    }
}
