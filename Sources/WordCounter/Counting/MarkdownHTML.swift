/// The raw-HTML grammar of CommonMark: HTML block starts and their end conditions, tags, comments and autolinks.
///
/// Scanners take the text and the index of a `<` and return the index just past the construct, or nil.
enum MarkdownHTML {
    /// How an HTML block ends (CommonMark's seven kinds, by end condition).
    enum BlockEnd: Sendable, Equatable {
        /// Kind 1 (`<script`, `<pre`, `<style`, `<textarea`): a line containing the matching closing tag.
        case rawTextClose
        /// Kind 2 (`<!--`): a line containing `-->`.
        case commentClose
        /// Kind 3 (`<?`): a line containing `?>`.
        case processingInstructionClose
        /// Kind 4 (`<!` and a letter): a line containing `>`.
        case declarationClose
        /// Kind 5 (`<![CDATA[`): a line containing `]]>`.
        case cdataClose
        /// Kinds 6 and 7 (block-level tags, any complete tag alone on its line): a blank line.
        case blankLine

        /// Whether `text[start...]` satisfies the end condition (never true for `blankLine`).
        func isFound(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
            switch self {
            case .rawTextClose:
                return MarkdownHTML.rawTextClosers.contains {
                    MarkdownHTML.find($0, in: text, from: start, ignoringCase: true) != nil
                }
            case .commentClose: return MarkdownHTML.find(MarkdownHTML.commentCloser, in: text, from: start) != nil
            case .processingInstructionClose:
                return MarkdownHTML.find(MarkdownHTML.processingInstructionCloser, in: text, from: start) != nil
            case .declarationClose:
                return MarkdownHTML.find(MarkdownHTML.declarationCloser, in: text, from: start) != nil
            case .cdataClose: return MarkdownHTML.find(MarkdownHTML.cdataCloser, in: text, from: start) != nil
            case .blankLine: return false
            }
        }
    }

    /// Tags whose HTML block runs to the matching closing tag rather than to a blank line.
    static let rawTextNames = ["script", "pre", "style", "textarea"]
    private static let rawTextClosers = rawTextNames.map { Array("</\($0)>".utf8) }
    static let commentCloser = Array("-->".utf8)
    static let processingInstructionCloser = Array("?>".utf8)
    static let cdataCloser = Array("]]>".utf8)
    static let declarationCloser = Array(">".utf8)

    /// CommonMark's block-level tag names (HTML block kind 6). Inline, these tags also separate words, since a
    /// browser puts them on lines of their own.
    static let blockTagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html",
        "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option",
        "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
        "track", "ul",
    ]

    /// Longest tag the scanners follow, so that an unclosed `<a href="…` cannot make a paragraph quadratic.
    static let maximumTagLength = 64 * 1024

    /// The HTML block a line starting at `line[start] == "<"` opens, and whether it may interrupt a paragraph
    /// (all kinds but 7 may).
    static func blockStart(
        _ line: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> (end: BlockEnd, canInterruptParagraph: Bool)? {
        guard start &+ 1 < line.count, line[start] == UInt8(ascii: "<") else { return nil }
        if hasPrefix("<!--", line, at: start) { return (.commentClose, true) }
        if hasPrefix("<?", line, at: start) { return (.processingInstructionClose, true) }
        if hasPrefix("<![CDATA[", line, at: start) { return (.cdataClose, true) }
        if line[start &+ 1] == UInt8(ascii: "!"), start &+ 2 < line.count, isLetter(line[start &+ 2]) {
            return (.declarationClose, true)
        }
        let isClosing = line[start &+ 1] == UInt8(ascii: "/")
        let nameStart = start &+ (isClosing ? 2 : 1)
        var nameEnd = nameStart
        while nameEnd < line.count, isLetter(line[nameEnd]) || isDigit(line[nameEnd]) || line[nameEnd] == 0x2D {
            nameEnd &+= 1
        }
        guard nameEnd > nameStart, isLetter(line[nameStart]) else { return nil }
        let name = tagNameKey(line, nameStart..<nameEnd) ?? 0
        let next: UInt8? = nameEnd < line.count ? line[nameEnd] : nil
        let endsName = next.map { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ">") } ?? true
        let isRawText = rawTextKeys.contains(name)
        if !isClosing, isRawText, endsName { return (.rawTextClose, true) }
        if blockTagKeys.contains(name), endsName || hasPrefix("/>", line, at: nameEnd) { return (.blankLine, true) }
        // Like cmark and commonmark.js, a closing `</script>` alone on its line is kind 7.
        if !isRawText || isClosing, let end = tagEnd(line, at: start),
            MarkdownBlockStart.trimmedEnd(line, from: end) == end
        {
            return (.blankLine, false)
        }
        return nil
    }

    /// An open tag (`<a href="x">`, `<br/>`) or a closing tag (`</a >`) starting at `text[start]`.
    static func tagEnd(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let limit = min(text.count, start &+ maximumTagLength)
        var index = start &+ 1
        guard index < limit else { return nil }
        let isClosing = text[index] == UInt8(ascii: "/")
        if isClosing { index &+= 1 }
        guard index < limit, isLetter(text[index]) else { return nil }
        while index < limit, isLetter(text[index]) || isDigit(text[index]) || text[index] == 0x2D { index &+= 1 }
        if isClosing {
            index = skipSpaces(text, from: index, limit: limit)
            return index < limit && text[index] == UInt8(ascii: ">") ? index &+ 1 : nil
        }
        while true {
            let spaceStart = index
            index = skipSpaces(text, from: index, limit: limit)
            guard index < limit else { return nil }
            if text[index] == UInt8(ascii: ">") { return index &+ 1 }
            if text[index] == UInt8(ascii: "/") {
                return index &+ 1 < limit && text[index &+ 1] == UInt8(ascii: ">") ? index &+ 2 : nil
            }
            guard index > spaceStart, let attributeEnd = attributeEnd(text, at: index, limit: limit) else { return nil }
            index = attributeEnd
        }
    }

    /// An attribute (`name`, `name=value`, `name="v"`, `name='v'`) starting at `text[start]`.
    private static func attributeEnd(_ text: UnsafeBufferPointer<UInt8>, at start: Int, limit: Int) -> Int? {
        let first = text[start]
        guard isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") else { return nil }
        var index = start &+ 1
        while index < limit, isAttributeNameByte(text[index]) { index &+= 1 }
        let nameEnd = index
        index = skipSpaces(text, from: index, limit: limit)
        guard index < limit, text[index] == UInt8(ascii: "=") else { return nameEnd }
        index = skipSpaces(text, from: index &+ 1, limit: limit)
        guard index < limit else { return nil }
        let quote = text[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            var close = index &+ 1
            while close < limit, text[close] != quote { close &+= 1 }
            return close < limit ? close &+ 1 : nil
        }
        let valueStart = index
        while index < limit, !isUnquotedValueStop(text[index]) { index &+= 1 }
        return index > valueStart ? index : nil
    }

    /// An absolute-URI autolink (`<https://example.com>`) or an email autolink (`<me@example.com>`); returns the
    /// range of the address shown, which is the part that counts.
    static func autolink(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
        let limit = min(text.count, start &+ maximumTagLength)
        var index = start &+ 1
        guard index < limit, isLetter(text[index]) || isDigit(text[index]) || isEmailLocalByte(text[index]) else {
            return nil
        }
        while index < limit, isLetter(text[index]) || isDigit(text[index]) || isSchemeByte(text[index]) {
            index &+= 1
        }
        let schemeLength = index &- start &- 1
        if index < limit, text[index] == UInt8(ascii: ":"), (2...32).contains(schemeLength), isLetter(text[start &+ 1])
        {
            while index < limit {
                let byte = text[index]
                if byte == UInt8(ascii: ">") { return (start &+ 1)..<index }
                if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "<") { return nil }
                index &+= 1
            }
            return nil
        }
        index = start &+ 1
        while index < limit, isEmailLocalByte(text[index]) || isLetter(text[index]) || isDigit(text[index]) {
            index &+= 1
        }
        guard index > start &+ 1, index < limit, text[index] == UInt8(ascii: "@") else { return nil }
        index &+= 1
        let domainStart = index
        while index < limit, isLetter(text[index]) || isDigit(text[index]) || text[index] == 0x2D || text[index] == 0x2E
        {
            index &+= 1
        }
        guard index > domainStart, index < limit, text[index] == UInt8(ascii: ">") else { return nil }
        return (start &+ 1)..<index
    }

    /// Whether `text[start...]` begins with `prefix`.
    static func hasPrefix(_ prefix: StaticString, _ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard start &+ count <= text.count else { return false }
        let pointer = prefix.utf8Start
        for offset in 0..<count where text[start &+ offset] != pointer[offset] { return false }
        return true
    }

    /// The first index at or after `start` where `needle` occurs, optionally ignoring ASCII case.
    static func find(
        _ needle: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int, ignoringCase: Bool = false
    ) -> Int? {
        guard let first = needle.first, text.count >= needle.count else { return nil }
        var index = start
        let last = text.count &- needle.count
        while index <= last {
            if foldCase(text[index], ignoringCase) == first {
                var offset = 1
                while offset < needle.count, foldCase(text[index &+ offset], ignoringCase) == needle[offset] {
                    offset &+= 1
                }
                if offset == needle.count { return index }
            }
            index &+= 1
        }
        return nil
    }

    @inline(__always)
    private static func foldCase(_ byte: UInt8, _ ignoringCase: Bool) -> UInt8 {
        ignoringCase && byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    private static func skipSpaces(_ text: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, text[index] == 0x20 || text[index] == 0x09 || text[index] == 0x0A { index &+= 1 }
        return index
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func isAttributeNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-")
    }

    private static func isUnquotedValueStop(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="), UInt8(ascii: "<"),
            UInt8(ascii: ">"), UInt8(ascii: "`"):
            true
        default:
            false
        }
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isEmailLocalByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
            UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "~"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
