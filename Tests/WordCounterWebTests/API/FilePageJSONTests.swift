import Foundation
import HarborTesting
import NIOCore
import Testing

@testable import WordCounter
@testable import WordCounterWeb

@Suite("API JSON: a page of files written by hand is JSONEncoder's, byte for byte")
struct FilePageJSONTests {
    /// Names a path can hold: quotes, backslashes, every control character, DEL, slashes,
    /// non-ASCII, an emoji, a line separator, and bytes that are not UTF-8 as Word Counter keeps
    /// them (``PathBytes``: one private-use scalar a byte).
    static let oddNames: [String] = [
        "/home/writer/novel/chapter-1.md",
        #"/home/"quoted"/chap\ter\\two.md"#,
        String((0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}end",
        "/a/\u{8}\u{C}\n\r\t/b",
        "/home/écrivain/Kapitel-Ü/章節.md",
        "/home/writer/💥 draft\u{2028}\u{2029}.md",
        PathBytes.string(from: Array("/home/writer/bad-".utf8) + [0xFF, 0xFE, 0x80, 0xC3] + Array(".md".utf8)),
        "\u{10FF80}\u{10FFFF}\u{FEFF}",
        "",
        "////",
    ]

    /// The API's encoding of `page` by `JSONEncoder`, as `GET /api/files` answered before.
    static func encoderJSON(_ page: FilePageObject) throws -> [UInt8] {
        Array(try JSONEncoder.api.encode(page))
    }

    static func page(_ rows: [FileStatusRow], total: Int, next: FilePosition?) -> FilePageObject {
        FilePageObject(FilePage(rows: rows, total: total, next: next))
    }

    @Test("odd names, every optional member present and absent, next null and not")
    func oddNames() throws {
        var rows: [FileStatusRow] = []
        for (index, name) in Self.oddNames.enumerated() {
            let state = FileState.allCases[index % FileState.allCases.count]
            var row = FileStatusRow(
                id: "id-\(index)-\"\\/", path: name, words: index.isMultiple(of: 2) ? nil : index * 1_000,
                today: index - 5, status: state, reason: state == .unreadable ? "cannot read \"\(name)\"" : nil)
            row.target = index.isMultiple(of: 3) ? Int.max : nil
            rows.append(row)
        }
        let next = FilePosition(path: Self.oddNames[1], id: "id-1")
        for page in [
            Self.page(rows, total: 10_000, next: next), Self.page(rows, total: rows.count, next: nil),
            Self.page([], total: 0, next: nil), Self.page(Array(rows.prefix(1)), total: Int.min, next: next),
        ] {
            let json = Array(page.json.readableBytesView)
            #expect(json == (try Self.encoderJSON(page)), "\(String(decoding: json, as: UTF8.self))")
            #expect(try JSONDecoder().decode(FilePageObject.self, from: Data(json)) == page)
        }
    }

    @Test("random names from an alphabet of escapes, ASCII, non-ASCII and escaped bytes")
    func randomNames() throws {
        var random = SeededGenerator(seed: 26_06)
        let alphabet: [Unicode.Scalar] =
            (0..<0x80).compactMap { Unicode.Scalar($0) } + ["é", "\u{2028}", "\u{10FF80}", "\u{10FFFF}", "💥", "章"]
        for _ in 0..<200 {
            let rows = (0..<Int.random(in: 0...5, using: &random)).map { index in
                var path = ""
                for _ in 0..<Int.random(in: 0...40, using: &random) {
                    path.unicodeScalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)])
                }
                return FileStatusRow(
                    id: "\(index)", path: path, words: Int.random(in: -1...1_000_000, using: &random), today: 0,
                    status: .ok, reason: nil)
            }
            let next = rows.last.map { FilePosition(path: $0.path, id: $0.id) }
            let page = Self.page(rows, total: rows.count, next: next)
            let json = Array(page.json.readableBytesView)
            #expect(json == (try Self.encoderJSON(page)))
            #expect(try JSONDecoder().decode(FilePageObject.self, from: Data(json)) == page)
            if let next {
                #expect(FileCursor.position(from: FileCursor.string(for: next)) == next)
            }
        }
    }

    @Test("a cursor is the one JSONEncoder made, and reads back as its position")
    func cursors() throws {
        for name in Self.oddNames {
            let position = FilePosition(path: name, id: "01a223b4-45a8-7734-aff2-be7e60d8dcef")
            let data = try JSONEncoder().encode([position.path, position.id])
            let before = data.base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
            #expect(FileCursor.string(for: position) == before)
            #expect(FileCursor.position(from: FileCursor.string(for: position)) == position)
        }
        // Every length modulo 3, so every way base64 ends.
        for length in 0..<7 {
            let bytes = Array(repeating: UInt8(0xFB), count: length)
            #expect(
                FileCursor.base64URL(bytes)
                    == Data(bytes).base64EncodedString()
                    .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                    .replacingOccurrences(of: "=", with: ""))
        }
    }
}
