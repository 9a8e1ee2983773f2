import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// `fingerprint(of:)` reads a file's fingerprint without counting it: the same value `count`
/// gives, on the local disk and on the in-memory one, for small, large and binary files.
@Suite("FileSystem fingerprints without counting")
struct FileFingerprintTests {
    static let texts: [String] = [
        "", "one", "a chapter of words\nwith two lines\n",
        String(repeating: "a longer text over a mebibyte, read in chunks ", count: 30_000),
    ]

    @Test("on the local disk, each file's fingerprint is its count's; a folder is not a regular file")
    func local() throws {
        let files = LocalFileSystem()
        try TemporaryFolder.with { folder in
            for (index, text) in Self.texts.enumerated() {
                let path = try folder.write("text-\(index).md", text)
                #expect(try files.fingerprint(of: path) == files.count(path, mode: .markdown).fingerprint)
            }
            #expect(throws: FileProblem.notRegularFile(.directory)) { try files.fingerprint(of: folder.path) }
            #expect(throws: FileProblem.notFound) { try files.fingerprint(of: folder("absent.md")) }
        }
    }

    @Test("on the in-memory disk, the same values as on the local one, and a binary file has one too")
    func inMemory() throws {
        let memory = InMemoryFileSystem()
        let local = LocalFileSystem()
        try TemporaryFolder.with { folder in
            for (index, text) in Self.texts.enumerated() {
                try memory.write("/texts/\(index).md", contents: text)
                let path = try folder.write("text-\(index).md", text)
                #expect(try memory.fingerprint(of: "/texts/\(index).md") == local.fingerprint(of: path))
            }
        }
        try memory.write("/texts/binary.bin", bytes: [0, 1, 2, 0, 255])
        #expect(throws: FileProblem.binary) { try memory.count("/texts/binary.bin", mode: .whitespace) }
        #expect(try memory.fingerprint(of: "/texts/binary.bin") == Fingerprint.of([0, 1, 2, 0, 255]))
    }
}
