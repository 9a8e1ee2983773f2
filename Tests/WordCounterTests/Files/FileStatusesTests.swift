import Testing
import WordCounter

@Suite("File statuses: a listing's statuses found by their exact path")
struct FileStatusesTests {
    func status(_ path: String, inode: UInt64) -> FileStatus {
        FileStatus(
            path: path, identity: FileIdentity(device: 1, inode: inode, birthTime: nil), size: 10, modified: 0,
            kind: .regular)
    }

    @Test("every path is found by its exact bytes, and only what was listed is found")
    func lookup() {
        // Precomposed and decomposed "é" are two names on Linux; so are "a" and "a/".
        let paths = ["/n/b.md", "/n/a.md", "/n/caf\u{E9}.md", "/n/cafe\u{301}.md", "/n/a", "/n/\u{10FFFF}", "/n/Z"]
        let statuses = FileStatuses(paths.enumerated().map { status($1, inode: UInt64($0)) })
        #expect(statuses.count == paths.count)
        for (inode, path) in paths.enumerated() {
            #expect(statuses[path]?.identity.inode == UInt64(inode))
            #expect(statuses.firstIndex(ofPath: path).map { statuses[$0].path } == path)
        }
        for absent in ["/n/a.m", "/n/c", "", "/n/caf.md", "/n/zz", "/n/a/"] { #expect(statuses[absent] == nil) }
        #expect(statuses.paths == paths)
        #expect(FileStatuses()["/n/a.md"] == nil)
    }

    @Test("a lookup finds each path by its bytes, as the listing does, in one listing or several")
    func lookupByBytes() {
        let paths = ["/n/b.md", "/n/caf\u{E9}.md", "/n/cafe\u{301}.md", "/n/a"] + (0..<40).map { "/n/\($0)" }
        let first = FileStatuses(paths.prefix(20).enumerated().map { status($1, inode: UInt64($0)) })
        let second = FileStatuses(paths.dropFirst(20).enumerated().map { status($1, inode: UInt64(20 + $0)) })
        FileStatuses.withLookups([first, second]) { lookups in
            #expect(lookups.count == 2)
            for (inode, path) in paths.enumerated() {
                let found = Array(path.utf8).withUnsafeBytes { bytes in
                    lookups.enumerated().compactMap { number, lookup in
                        lookup.firstIndex(ofPathBytes: bytes).map { (number, lookup.facts(at: $0).identity.inode) }
                    }
                }
                #expect(found.map(\.0) == [inode < 20 ? 0 : 1], "\(path)")
                #expect(found.map(\.1) == [UInt64(inode)], "\(path)")
            }
            for absent in ["/n/caf.md", "/n/", "", "/n/400"] {
                #expect(
                    Array(absent.utf8).withUnsafeBytes { bytes in
                        lookups.allSatisfy { $0.firstIndex(ofPathBytes: bytes) == nil }
                    })
            }
        }
        #expect(FileStatuses.withLookups([]) { $0.isEmpty })
        #expect(Array("/n/a".utf8).withUnsafeBytes { FileStatuses().firstIndex(ofPathBytes: $0) } == nil)
    }

    @Test("thousands of paths sharing long prefixes are all found, each as itself")
    func many() {
        let paths = (0..<5_000).map { "/notes/part-\($0 / 500)/note-\($0).md" }
        let statuses = FileStatuses(paths.enumerated().map { status($1, inode: UInt64($0)) })
        #expect(statuses.count == paths.count)
        #expect(paths.enumerated().allSatisfy { statuses[$1]?.identity.inode == UInt64($0) })
        #expect(statuses["/notes/part-0/note-5000.md"] == nil)
    }

    @Test("a status's facts read in place are the status's own")
    func facts() {
        let paths = (0..<100).map { "/n/\(String(repeating: "x", count: $0))" }  // every tail length of the hash
        let statuses = FileStatuses(paths.enumerated().map { status($1, inode: UInt64($0)) })
        for (inode, path) in paths.enumerated() {
            let position = statuses.firstIndex(ofPath: path)
            #expect(position.map { statuses.facts(at: $0).identity.inode } == UInt64(inode), "\(path)")
            #expect(position.map { statuses.facts(at: $0) == statuses[$0].facts } == true)
        }
    }

    @Test("of two statuses of one path the first is kept, in a listing as in a merge")
    func firstKept() {
        let statuses = FileStatuses([status("/n/a", inode: 1), status("/n/b", inode: 2), status("/n/a", inode: 3)])
        #expect(statuses.count == 2)
        #expect(statuses["/n/a"]?.identity.inode == 1)
        let merged = statuses.merging(FileStatuses([status("/n/b", inode: 9), status("/n/c", inode: 4)]))
        #expect(merged.paths == ["/n/a", "/n/b", "/n/c"])
        #expect(merged.map(\.identity.inode) == [1, 2, 4])
        #expect(merged["/n/b"]?.identity.inode == 2)
    }

    @Test("byte order is UTF-8 order, shared prefixes and prefixes included")
    func byteOrder() {
        let pairs: [(String, String)] = [
            ("/n/a", "/n/b"), ("/n/a", "/n/a.md"), ("", "a"), ("/n/Z", "/n/a"), ("/n/e\u{301}", "/n/\u{E9}"),
            ("/n/\u{E9}", "/n/\u{10FF80}"), ("/notes/part-1/note-10.md", "/notes/part-1/note-9.md"),
        ]
        for (first, second) in pairs {
            #expect(PathBytes.precedes(first, second))
            #expect(!PathBytes.precedes(second, first))
            #expect(!PathBytes.precedes(first, first))
        }
    }
}
