import Foundation
import Testing
import WordCounter

@Suite("How a tracked file is stored")
struct TrackedFileStorageTests {
    private let file = TrackedFile(
        id: "file-1", path: "/home/writer/novel/chapter \"1\".md", root: "/home/writer/novel", mode: .markdown,
        identity: FileIdentity(device: 65_024, inode: 16_220_381, birthTime: 1_795_426_590_813_608_628),
        size: 10_357, modified: 1_795_426_590_820_722_521, fingerprint: UInt64.max, words: 1_490, state: .unreadable,
        problem: .notRegularFile(.fifo), trackedAt: Date(timeIntervalSince1970: 1_763_800_000),
        countedAt: Date(timeIntervalSince1970: 1_763_800_100))

    @Test("as one positional array that round-trips every field, absent ones as null")
    func roundTrip() throws {
        let data = try JSONEncoder().encode(file)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("[1,\"file-1\","))
        #expect(try JSONDecoder().decode(TrackedFile.self, from: data) == file)

        let bare = TrackedFile(
            id: "file-2", path: "/a.txt", root: nil, mode: .words, trackedAt: Date(timeIntervalSince1970: 0))
        let bareData = try JSONEncoder().encode(bare)
        #expect(String(decoding: bareData, as: UTF8.self).contains(#""words",null,null,null,0,0,null,null,"ok",null,"#))
        #expect(try JSONDecoder().decode(TrackedFile.self, from: bareData) == bare)
    }

    @Test("objects with named keys, as earlier versions stored them, still decode")
    func namedKeys() throws {
        let legacy = """
            {"countedAt":785492900,"root":"\\/home\\/writer\\/novel","mode":"markdown",\
            "path":"\\/home\\/writer\\/novel\\/chapter \\"1\\".md","modified":1795426590820722521,\
            "state":"unreadable","size":10357,"trackedAt":785492800,"fingerprint":18446744073709551615,\
            "id":"file-1","identity":{"inode":16220381,"birthTime":1795426590813608628,"device":65024},\
            "words":1490,"problem":{"notRegularFile":{"_0":"fifo"}}}
            """
        #expect(try JSONDecoder().decode(TrackedFile.self, from: Data(legacy.utf8)) == file)
    }

    @Test("a format version this build does not know is an error, not a wrong file")
    func unknownVersion() throws {
        let future = Data("[2,\"file-1\",\"/a.md\"]".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TrackedFile.self, from: future) }
    }
}
