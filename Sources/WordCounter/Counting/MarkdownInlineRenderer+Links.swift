/// Links and images: `[text](destination "title")`, `[text][label]`, `[text][]`, `![alt](src)`.
///
/// Brackets are matched as CommonMark does, nearest opener first, so nested brackets and an image inside a link
/// work. What is not visible is dropped: destinations, titles, labels, and an image with its alt text.
extension MarkdownInlineRenderer {
    /// Handles a `]`: closes the nearest open bracket into a link or an image if a link tail follows.
    ///
    /// Reference definitions may come anywhere in a document, even after their use, so a streaming counter
    /// cannot know them: `[text][label]` and `![alt]` are taken as defined, while a shortcut `[text]` is left as
    /// text, which reads the same since brackets are not words. A reference link does not keep an enclosing
    /// `[…](url)` from being a link, in case its label is undefined.
    mutating func renderClosingBracket(
        in text: UnsafeBufferPointer<UInt8>, at index: Int, literalStart: inout Int
    ) -> Int {
        guard let opener = openers.last else { return index &+ 1 }
        guard opener.isImage || openers.count &- 1 >= linkOpenersInactiveBelow else {
            popOpener()
            return index &+ 1
        }
        var end: Int?
        var isInlineLink = false
        let next: UInt8? = index &+ 1 < text.count ? text[index &+ 1] : nil
        if next == UInt8(ascii: "(") {
            end = Self.inlineLinkTailEnd(in: text, at: index &+ 1)
            isInlineLink = end != nil
        }
        if end == nil, next == UInt8(ascii: "[") {
            end = Self.referenceLabelEnd(in: text, at: index &+ 1)
        }
        if end == nil, opener.isImage {
            end = index &+ 1
        }
        popOpener()
        guard let end else { return index &+ 1 }
        copy(text, literalStart..<index)
        if opener.isImage {
            output.removeSubrange(opener.outputIndex...)
        } else {
            removeOpeningBracket(at: opener.outputIndex)
            // Links may not contain links, so earlier `[` can no longer open one. A reference link's label may be
            // undefined, making it text, so it does not stop an enclosing inline link (`[[a][]](url)`).
            if isInlineLink { linkOpenersInactiveBelow = openers.count }
        }
        copiedEnd = -1
        literalStart = end
        return end
    }

    /// Removes the nearest opener; an opener pushed later in its place starts active.
    private mutating func popOpener() {
        openers.removeLast()
        linkOpenersInactiveBelow = min(linkOpenersInactiveBelow, openers.count)
    }

    /// Drops a link's `[` from the output, unless that would join the halves of an invalid UTF-8 sequence.
    private mutating func removeOpeningBracket(at outputIndex: Int) {
        guard outputIndex < output.count, output[outputIndex] == UInt8(ascii: "[") else { return }
        if outputIndex > 0, output[outputIndex &- 1] >= 0x80 { return }
        output.remove(at: outputIndex)
    }

    /// The index just past an inline link tail `(destination "title")` starting at `text[start] == "("`.
    static func inlineLinkTailEnd(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let limit = min(text.count, start &+ MarkdownHTML.maximumTagLength)
        var index = skipSpaces(in: text, from: start &+ 1, limit: limit)
        guard index < limit else { return nil }
        if text[index] == UInt8(ascii: ")") { return index &+ 1 }
        if text[index] == UInt8(ascii: "<") {
            index &+= 1
            while true {
                guard index < limit else { return nil }
                let byte = text[index]
                if byte == 0x0A || byte == UInt8(ascii: "<") { return nil }
                index &+= byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == UInt8(ascii: ">") { break }
            }
        } else {
            var depth = 0
            if let base = text.baseAddress {
                // The usual destination (a URL) is plain ASCII without spaces, parentheses or
                // backslashes: skipped eight bytes at a time up to the first byte that matters.
                let raw = UnsafeRawPointer(base)
                while index &+ 8 <= limit {
                    let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    guard !ByteLanes.hasNonASCII(word) else { break }
                    let stops =
                        ~ByteLanes.atLeast(word, 0x21) | ByteLanes.equal(word, 0x7F)
                        | ByteLanes.equal(word, UInt8(ascii: "\\")) | ByteLanes.equal(word, UInt8(ascii: "("))
                        | ByteLanes.equal(word, UInt8(ascii: ")"))
                    let found = stops & ByteLanes.high
                    if found != 0 {
                        index &+= found.trailingZeroBitCount >> 3
                        break
                    }
                    index &+= 8
                }
            }
            while index < limit {
                let byte = text[index]
                if byte <= 0x20 || byte == 0x7F { break }
                if byte == UInt8(ascii: "\\"), index &+ 1 < limit, isASCIIPunctuation(text[index &+ 1]) {
                    index &+= 2
                    continue
                }
                if byte == UInt8(ascii: "(") {
                    depth &+= 1
                    if depth > 32 { return nil }
                } else if byte == UInt8(ascii: ")") {
                    if depth == 0 { break }
                    depth &-= 1
                }
                index &+= 1
            }
            guard depth == 0 else { return nil }
        }
        let destinationEnd = index
        index = skipSpaces(in: text, from: index, limit: limit)
        if index > destinationEnd, index < limit, let closer = titleCloser(text[index]) {
            index &+= 1
            while true {
                guard index < limit else { return nil }
                let byte = text[index]
                if byte == closer { break }
                if closer == UInt8(ascii: ")"), byte == UInt8(ascii: "(") { return nil }
                index &+= byte == UInt8(ascii: "\\") ? 2 : 1
            }
            index = skipSpaces(in: text, from: index &+ 1, limit: limit)
        }
        return index < limit && text[index] == UInt8(ascii: ")") ? index &+ 1 : nil
    }

    /// The index just past a link label `[label]` (or `[]`) starting at `text[start] == "["`.
    static func referenceLabelEnd(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let limit = min(text.count, start &+ 1001)
        var index = start &+ 1
        while index < limit {
            switch text[index] {
            case UInt8(ascii: "\\"): index &+= 2
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return index &+ 1
            default: index &+= 1
            }
        }
        return nil
    }

    private static func titleCloser(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "'"): UInt8(ascii: "'")
        case UInt8(ascii: "("): UInt8(ascii: ")")
        default: nil
        }
    }

    private static func skipSpaces(in text: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> Int {
        var index = start
        while index < limit, isSpace(text[index]) { index &+= 1 }
        return index
    }
}
