/// Front matter: a YAML (`---`) or TOML (`+++`) block at the very start of a Markdown file, which is metadata
/// rather than text.
///
/// Until its closing line arrives the block is only a candidate: its lines are kept (up to `limit` bytes) so
/// that, if it never closes, they can be parsed as Markdown after all (`---` is then a thematic break).
struct MarkdownFrontMatter: Sendable {
    /// The most bytes kept while waiting for the closing line; a longer candidate is not front matter.
    static let limit = 1 << 20

    /// The two front matter syntaxes.
    enum Syntax: Sendable, Equatable {
        /// `---`, closed by `---` or `...`; `wordcount: false` disables counting.
        case yaml
        /// `+++`, closed by `+++`; `wordcount = false` disables counting.
        case toml
    }

    /// Where the start of the file is.
    enum State: Sendable, Equatable {
        /// No line seen yet.
        case atStart
        /// Inside a candidate block of this syntax.
        case collecting(Syntax)
        /// Past the front matter, or there was none.
        case done
    }

    var state = State.atStart
    /// The candidate's lines, each followed by a newline.
    var pendingLines: [UInt8] = []
    /// The candidate has a `wordcount: false` line.
    var pendingDisablesCounting = false
    /// The closed front matter disabled counting.
    var disablesCounting = false

    /// The syntax a file's first line opens, if it is a front matter fence.
    static func opening(_ line: UnsafeBufferPointer<UInt8>) -> Syntax? {
        if isFence(line, "---") { return .yaml }
        if isFence(line, "+++") { return .toml }
        return nil
    }

    /// Whether `line` closes front matter of `syntax`.
    static func closes(_ syntax: Syntax, _ line: UnsafeBufferPointer<UInt8>) -> Bool {
        switch syntax {
        case .yaml: isFence(line, "---") || isFence(line, "...")
        case .toml: isFence(line, "+++")
        }
    }

    /// Whether `line` is `wordcount: false` or `wordcount = false` (key and value in any case, spaces around
    /// them and a trailing `#` comment allowed).
    static func disablesCounting(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = skipSpaces(line, from: 0)
        guard matches("wordcount", line, at: &index) else { return false }
        index = skipSpaces(line, from: index)
        guard index < line.count, line[index] == UInt8(ascii: ":") || line[index] == UInt8(ascii: "=") else {
            return false
        }
        index = skipSpaces(line, from: index &+ 1)
        guard matches("false", line, at: &index) else { return false }
        index = skipSpaces(line, from: index)
        return index == line.count || line[index] == UInt8(ascii: "#")
    }

    private static func isFence(_ line: UnsafeBufferPointer<UInt8>, _ fence: StaticString) -> Bool {
        MarkdownHTML.hasPrefix(fence, line, at: 0)
            && MarkdownBlockStart.trimmedEnd(line, from: fence.utf8CodeUnitCount) == fence.utf8CodeUnitCount
    }

    /// Matches a lowercase ASCII word at `index`, ignoring case, and moves past it.
    private static func matches(_ word: StaticString, _ line: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index &+ count <= line.count else { return false }
        for offset in 0..<count {
            let byte = line[index &+ offset]
            let folded = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            guard folded == word.utf8Start[offset] else { return false }
        }
        index &+= count
        return true
    }

    private static func skipSpaces(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, MarkdownBlockStart.isSpaceOrTab(line[index]) { index &+= 1 }
        return index
    }
}
