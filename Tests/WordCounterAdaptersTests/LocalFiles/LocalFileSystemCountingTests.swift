import Foundation
import Glibc
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// `count(_:mode:)` on a real disk: words, fingerprint, the status of what was read, and every
/// way a path can fail to be a countable text file.
@Suite("LocalFileSystem counting")
struct LocalFileSystemCountingTests {
    let files = LocalFileSystem()

    @Test("counts words, fingerprints the content and reports the status of the file read")
    func countsAFile() throws {
        try TemporaryFolder.with { folder in
            let text = "It was a bright cold day in April.\n"
            let path = try folder.write("a.txt", text)
            let count = try files.count(path, mode: .words)
            #expect(count.words == 8)
            #expect(count.fingerprint == Fingerprint.of(Array(text.utf8)))
            #expect(count.status == (try files.status(of: path)))
        }
    }

    @Test("an empty file has no words and the fingerprint of nothing")
    func emptyFile() throws {
        try TemporaryFolder.with { folder in
            let count = try files.count(try folder.write("empty.md", ""), mode: .markdown)
            #expect(count.words == 0)
            #expect(count.fingerprint == Fingerprint.of([]))
            #expect(count.status.size == 0)
        }
    }

    @Test("a file larger than one chunk counts as the same bytes counted in memory", arguments: CountingMode.allCases)
    func largerThanOneChunk(mode: CountingMode) throws {
        try TemporaryFolder.with { folder in
            let bytes = Self.sampleText(byteCount: 3 * 1024 * 1024 + 17)
            let path = try folder.write("big.md", bytes: bytes)
            let count = try files.count(path, mode: mode)
            #expect(count.words == WordCounterStream.result(for: bytes, mode: mode).words)
            #expect(count.fingerprint == Fingerprint.of(bytes))
            #expect(count.status.size == Int64(bytes.count))
        }
    }

    @Test("invalid UTF-8 is counted, not rejected")
    func invalidUTF8() throws {
        try TemporaryFolder.with { folder in
            let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" latin-1 \u{FF} text".utf8) + [0xC3, 0x28, 0x0A]
            let path = try folder.write("latin1.txt", bytes: bytes)
            let count = try files.count(path, mode: .whitespace)
            #expect(count.words == WordCounterStream.result(for: bytes, mode: .whitespace).words)
            #expect((count.words ?? 0) >= 3)
        }
    }

    @Test("a NUL byte in the first 8 KiB makes a file binary; one later does not")
    func binary() throws {
        try TemporaryFolder.with { folder in
            let early = try folder.write("image.png", bytes: [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01, 0x02])
            #expect(throws: FileProblem.binary) { try files.count(early, mode: .words) }
            let late = try folder.write("late.txt", bytes: Array(repeating: UInt8(ascii: "a"), count: 8192) + [0])
            #expect(try files.count(late, mode: .whitespace).words == 1)
        }
    }

    // Stopping at the NUL returns at once; the limit catches a reader that goes on through 2 GiB.
    @Test("a large binary file is rejected without being read to the end", .timeLimit(.minutes(1)))
    func largeBinaryIsRejectedEarly() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write("disk.img", bytes: [0])
            try check(truncate(path, 2 << 30), "truncate")  // 2 GiB of holes: reading it all would take seconds
            #expect(throws: FileProblem.binary) { try files.count(path, mode: .words) }
        }
    }

    @Test("a FIFO is not a regular file, and counting it does not block")
    func fifoDoesNotBlock() throws {
        try TemporaryFolder.with { folder in
            try check(mkfifo(folder("pipe.md"), 0o644), "mkfifo")
            // No writer ever opens it: a blocking open or read would hang the test here.
            #expect(throws: FileProblem.notRegularFile(.fifo)) { try files.count(folder("pipe.md"), mode: .words) }
        }
    }

    @Test("a folder or a device is not a regular file")
    func notRegularFiles() throws {
        try TemporaryFolder.with { folder in
            #expect(throws: FileProblem.notRegularFile(.directory)) { try files.count(folder.path, mode: .words) }
        }
        #expect(throws: FileProblem.notRegularFile(.device)) { try files.count("/dev/null", mode: .words) }
    }

    @Test("a Unix socket, which cannot even be opened, is reported as a socket")
    func socket() throws {
        try TemporaryFolder.with { folder in
            let path = folder("socket.md")
            let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            #expect(descriptor >= 0)
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8.prefix($0.count - 1)) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            try check(bound, "bind")
            #expect(throws: FileProblem.notRegularFile(.socket)) { try files.count(path, mode: .words) }
        }
    }

    @Test("a missing file is not found; a symlink loop is reported as one")
    func missingAndLoop() throws {
        try TemporaryFolder.with { folder in
            #expect(throws: FileProblem.notFound) { try files.count(folder("none.md"), mode: .words) }
            try check(symlink(folder("b"), folder("a")), "symlink")
            try check(symlink(folder("a"), folder("b")), "symlink")
            #expect(throws: FileProblem.symlinkLoop) { try files.count(folder("a"), mode: .words) }
        }
    }

    @Test("a file without read permission is permission denied, except for root")
    func unreadable() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write("secret.md", "four words in here")
            try check(chmod(path, 0), "chmod")
            if geteuid() == 0 {
                // Root reads it anyway, as `cat` would.
                #expect(try files.count(path, mode: .whitespace).words == 4)
            } else {
                #expect(throws: FileProblem.permissionDenied) { try files.count(path, mode: .words) }
            }
        }
    }

    @Test("Markdown front matter `wordcount: false` gives no words but still a fingerprint")
    func countingDisabled() throws {
        try TemporaryFolder.with { folder in
            let text = "---\ntitle: Notes\nwordcount: false\n---\n\nPrivate notes here.\n"
            let path = try folder.write("notes.md", text)
            let count = try files.count(path, mode: .markdown)
            #expect(count.words == nil)
            #expect(count.fingerprint == Fingerprint.of(Array(text.utf8)))
        }
    }

    @Test("the status is of the file that was opened: a symlink reports its target's identity")
    func statusOfWhatWasRead() throws {
        try TemporaryFolder.with { folder in
            let target = try folder.write("target.md", "one two")
            try check(symlink(target, folder("link.md")), "symlink")
            let count = try files.count(folder("link.md"), mode: .whitespace)
            #expect(count.status.path == folder("link.md"))
            #expect(count.status.identity == (try files.status(of: target).identity))
            #expect(count.words == 2)
        }
    }

    /// Deterministic prose-like bytes with Markdown, punctuation and multi-byte characters, cut at `byteCount`.
    static func sampleText(byteCount: Int) -> [UInt8] {
        let paragraph = Array(
            """
            # A heading — with a dash

            Some *emphasis*, a [link](https://example.com), naïve café words… and 日本語 too.
            - a list item with `code` in it
            > a quote... with an ellipsis

            """.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount + paragraph.count)
        while bytes.count < byteCount { bytes += paragraph }
        return Array(bytes[0..<byteCount])
    }
}
