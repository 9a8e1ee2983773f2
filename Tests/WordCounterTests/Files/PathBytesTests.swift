import Testing
import WordCounter

@Suite("Paths as bytes: a lossless string for every name")
struct PathBytesTests {
    @Test("valid UTF-8 is kept as it is")
    func plain() {
        #expect(PathBytes.string(from: Array("/novel/café – 1.md".utf8)) == "/novel/café – 1.md")
        #expect(PathBytes.bytes(of: "/novel/café.md") == Array("/novel/café.md".utf8))
    }

    @Test(
        "every byte sequence comes back exactly",
        arguments: [
            [0xFF], [0x63, 0x61, 0x66, 0xE9], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
            [0xF4, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBE, 0x80], [0xF4, 0x8F, 0xBF, 0xBF, 0xFF], [0x80, 0x2F, 0x41],
        ] as [[UInt8]])
    func roundTrip(bytes: [UInt8]) {
        let string = PathBytes.string(from: bytes)
        #expect(PathBytes.bytes(of: string) == bytes)
        #expect(PathBytes.withCString(string) { pointer in PathBytes.string(fromCString: pointer) } == string)
    }

    @Test("random byte strings come back exactly, and different bytes stay different strings")
    func randomRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        var seen: [String: [UInt8]] = [:]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                [UInt8(0xF4), 0x8F, 0xBF, 0x80, 0xFF, 0xC3, 0x41, 0xE2][Int.random(in: 0..<8, using: &generator)]
            }
            let string = PathBytes.string(from: bytes)
            #expect(PathBytes.bytes(of: string) == bytes)
            if let other = seen[string] { #expect(other == bytes) }
            seen[string] = bytes
            // A name read from the system (its own fast path for valid UTF-8) reads the same.
            let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
            #expect(terminated.withUnsafeBufferPointer { $0.baseAddress.map(PathBytes.string(fromCString:)) } == string)
        }
    }

    @Test("a name's extension is lowercased alike from bytes and from characters")
    func extensions() {
        let expected: [(String, String?)] = [
            ("a.MD", "md"), ("notes.Markdown", "markdown"), (".md", nil), ("README", nil), ("café.MD", "md"),
            ("a.ÉMD", "émd"), ("x.", ""), ("a.b.TXT", "txt"), ("Ω.Ω", "ω"), ("\u{0600}.md", nil),
            ("a.m\u{301}d", "ḿd"), ("archive.tar.GZ", "gz"), ("no-dot", nil), ("é.Tex", "tex"), ("a.Ab9_-", "ab9_-"),
        ]
        for (name, pathExtension) in expected {
            #expect(PathBytes.lowercasedExtension(of: Substring(name)) == pathExtension, "\(name)")
            // The character-by-character reading, which the byte reading must agree with.
            let dot = name.lastIndex(of: ".")
            let slow = dot.flatMap { $0 == name.startIndex ? nil : name[name.index(after: $0)...].lowercased() }
            #expect(PathBytes.lowercasedExtension(of: Substring(name)) == slow, "\(name)")
        }
    }
}
