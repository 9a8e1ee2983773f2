import Foundation
import HarborTesting
import Testing
import WordCounter
import WordCounterAdapters

/// UTF-16 files with a byte order mark, as Windows editors save them, on a real disk: counted, not binary.
@Suite("LocalFileSystem counting UTF-16")
struct LocalFileSystemUTF16Tests {
    let files = LocalFileSystem()

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        return bytes
    }

    @Test("little- and big-endian files count as their text, in every mode", arguments: CountingMode.allCases)
    func countsUTF16(mode: CountingMode) throws {
        try TemporaryFolder.with { folder in
            let text = "# Notes\n\nIt was a bright cold day in April, and the clocks were striking thirteen. 日本 🎉\n"
            for bigEndian in [false, true] {
                let bytes = Self.utf16(text, bigEndian: bigEndian)
                let path = try folder.write("notes-\(bigEndian).md", bytes: bytes)
                let count = try files.count(path, mode: mode)
                #expect(count.words == WordCounterStream.count(text, mode: mode))
                #expect(count.fingerprint == Fingerprint.of(bytes))
            }
        }
    }

    @Test("a UTF-16 file larger than one read counts as the same text in UTF-8")
    func largeFile() throws {
        try TemporaryFolder.with { folder in
            // 3 MiB and an odd byte: reads of 1 MiB cut code units and surrogate pairs.
            let text = String(repeating: "word 𝐦𝐚𝐭𝐡 日本 ", count: 120_000)
            let bytes = Self.utf16(text, bigEndian: false) + [0x41]
            let path = try folder.write("big.txt", bytes: bytes)
            #expect(try files.count(path, mode: .words).words == 480_000)
            #expect(try files.count(path, mode: .whitespace).words == 360_000)
        }
    }

    @Test("UTF-16 with a NUL code unit early is still binary")
    func binary() throws {
        try TemporaryFolder.with { folder in
            let path = try folder.write("data.bin", bytes: [0xFF, 0xFE, 0x61, 0x00, 0x00, 0x00, 0x62, 0x00])
            #expect(throws: FileProblem.binary) { try files.count(path, mode: .words) }
        }
    }
}
