import Foundation
import Glibc
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// `status(of:)` and identity on a real disk: what makes a file the same file after a rename,
/// an atomic save, or a delete that frees its inode number.
@Suite("LocalFileSystem status and identity")
struct LocalFileSystemStatusTests {
    let files = LocalFileSystem()

    @Test("a regular file's status has its size, kind, modification time and identity")
    func regularFile() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write("a.md", "hello world")
            let status = try files.status(of: path)
            var expected = stat()
            try check(stat(path, &expected), "stat")
            #expect(status.path == path)
            #expect(status.kind == .regular)
            #expect(status.size == 11)
            #expect(status.identity.device == UInt64(expected.st_dev))
            #expect(status.identity.inode == UInt64(expected.st_ino))
            #expect(status.modified == Int64(expected.st_mtim.tv_sec) * 1_000_000_000 + Int64(expected.st_mtim.tv_nsec))
        }
    }

    @Test("a folder's kind is directory")
    func folderKind() throws {
        try TemporaryFolder.with { folder in
            let status = try files.status(of: folder.path)
            #expect(status.kind == .directory)
        }
    }

    @Test("a rename keeps device, inode and birth time")
    func renameKeepsIdentity() throws {
        try TemporaryFolder.with { folder in
            let before = try files.status(of: try folder.write("draft.md", "words"))
            try check(rename(folder("draft.md"), folder("final.md")), "rename")
            let after = try files.status(of: folder("final.md"))
            #expect(after.identity == before.identity)
            #expect(after.identity.isSameFile(as: before.identity))
        }
    }

    @Test("writing in place keeps the identity and changes the size")
    func writeInPlaceKeepsIdentity() throws {
        try TemporaryFolder.with { folder in
            let before = try files.status(of: try folder.write("a.md", "one"))
            let after = try files.status(of: try folder.write("a.md", "one two three"))
            #expect(after.identity == before.identity)
            #expect(after.size == 13)
        }
    }

    @Test("an atomic save (write a temporary file, rename it over) gives the path a new identity")
    func atomicSaveChangesIdentity() throws {
        try TemporaryFolder.with { folder in
            let before = try files.status(of: try folder.write("a.md", "first"))
            try folder.write(".a.md.swp", "second version")
            try check(rename(folder(".a.md.swp"), folder("a.md")), "rename")
            let after = try files.status(of: folder("a.md"))
            #expect(after.identity.inode != before.identity.inode)
            #expect(!after.identity.isSameFile(as: before.identity))
        }
    }

    @Test("a new file that reuses a deleted file's inode number is told apart by its birth time")
    func inodeReuseIsDetectedByBirthTime() throws {
        try TemporaryFolder.with { folder in
            let old = try files.status(of: try folder.write("old.md", "old"))
            // Older kernels stamp files from a clock that ticks every few milliseconds; an
            // editor never deletes and recreates faster than that, so neither does the test.
            usleep(20_000)
            // ext4 hands a freed inode to the next new file in the same folder, usually at once;
            // try a few times so the test checks reuse whenever the file system does it.
            for attempt in 0..<20 {
                try check(unlink(folder(attempt == 0 ? "old.md" : "new-\(attempt - 1).md")), "unlink")
                let new = try files.status(of: try folder.write("new-\(attempt).md", "new"))
                guard new.identity.inode == old.identity.inode else {
                    #expect(!new.identity.isSameFile(as: old.identity))
                    continue
                }
                guard let oldBirth = old.identity.birthTime, let newBirth = new.identity.birthTime else {
                    // This file system records no birth time: identity rests on device and inode
                    // alone, and the port documents that such a reuse cannot be told apart.
                    #expect(new.identity.isSameFile(as: old.identity))
                    return
                }
                #expect(newBirth != oldBirth)
                #expect(!new.identity.isSameFile(as: old.identity))
                return
            }
        }
    }

    @Test("birth time is reported where the file system records it, and stays nil otherwise")
    func birthTimeWhenSupported() throws {
        try TemporaryFolder.with { folder in
            let start = Int64(Date().timeIntervalSince1970 * 1e9)
            let status = try files.status(of: try folder.write("a.md", "x"))
            guard let birth = status.identity.birthTime else { return }  // e.g. overlayfs, NFS
            // Generous bounds: file system time stamps are taken from a coarse kernel clock.
            #expect(abs(birth - start) < 5_000_000_000)
        }
    }

    @Test("a missing path, or one below a file, is not found")
    func missingPath() throws {
        try TemporaryFolder.with { folder in
            #expect(throws: FileProblem.notFound) { try files.status(of: folder("nothing.md")) }
            let file = try folder.write("file.md", "x")
            #expect(throws: FileProblem.notFound) { try files.status(of: file + "/below.md") }
        }
    }

    @Test("a file in a folder without search permission is permission denied, except for root")
    func permissionDenied() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write("locked/a.md", "x")
            try check(chmod(folder("locked"), 0), "chmod")
            if geteuid() == 0 {
                // Root passes every permission check: the file is simply there.
                #expect(try files.status(of: path).kind == .regular)
            } else {
                #expect(throws: FileProblem.permissionDenied) { try files.status(of: path) }
            }
        }
    }

    @Test("symbolic links are followed; a loop of them is a symlink loop")
    func symbolicLinks() throws {
        try TemporaryFolder.with { folder in
            let target = try folder.write("target.md", "x")
            try check(symlink(target, folder("link.md")), "symlink")
            #expect(try files.status(of: folder("link.md")).identity == files.status(of: target).identity)
            try check(symlink(folder("loop-b"), folder("loop-a")), "symlink")
            try check(symlink(folder("loop-a"), folder("loop-b")), "symlink")
            #expect(throws: FileProblem.symlinkLoop) { try files.status(of: folder("loop-a")) }
            try check(symlink(folder("nowhere"), folder("dangling.md")), "symlink")
            #expect(throws: FileProblem.notFound) { try files.status(of: folder("dangling.md")) }
        }
    }

    @Test("a FIFO's kind is fifo")
    func fifoKind() throws {
        try TemporaryFolder.with { folder in
            try check(mkfifo(folder("pipe"), 0o644), "mkfifo")
            #expect(try files.status(of: folder("pipe")).kind == .fifo)
        }
    }

    @Test("a character device's kind is device")
    func deviceKind() throws {
        #expect(try files.status(of: "/dev/null").kind == .device)
    }
}
