/// Link reference definitions (`[label]: destination "title"`), which render as nothing.
///
/// A definition may put its destination on the line after the label, and its title on the line after the
/// destination; a title itself must end on the line it starts on (CommonMark also allows titles spanning lines).
enum MarkdownReferenceDefinition {
    /// What a line starting with `[` turned out to be.
    enum Start: Sendable, Equatable {
        /// A whole definition; without a title, the next line may still be one.
        case complete(hasTitle: Bool)
        /// Only `[label]:`; the destination must be on the next line.
        case awaitingDestination
    }

    /// Recognizes a definition starting at `line[start] == "["`.
    static func start(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Start? {
        var index = start &+ 1
        var sawText = false
        while index < line.count, index &- start <= 1000 {
            let byte = line[index]
            if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "[") { break }
            if !MarkdownBlockStart.isSpaceOrTab(byte) { sawText = true }
            index &+= byte == UInt8(ascii: "\\") ? 2 : 1
        }
        guard sawText, index &+ 1 < line.count, line[index] == UInt8(ascii: "]"),
            line[index &+ 1] == UInt8(ascii: ":")
        else { return nil }
        index = skipSpacesAndTabs(line, from: index &+ 2)
        guard index < line.count else { return .awaitingDestination }
        return destinationAndTitle(line, at: index).map { .complete(hasTitle: $0) }
    }

    /// Recognizes a destination with an optional title, then nothing else; returns whether a title was there.
    static func destinationAndTitle(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool? {
        var index = start
        guard index < line.count else { return nil }
        if line[index] == UInt8(ascii: "<") {
            index &+= 1
            while index < line.count, line[index] != UInt8(ascii: ">") {
                if line[index] == UInt8(ascii: "<") { return nil }
                index &+= line[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < line.count else { return nil }
            index &+= 1
        } else {
            var depth = 0
            while index < line.count, line[index] > 0x20, line[index] != 0x7F {
                if line[index] == UInt8(ascii: "(") { depth &+= 1 }
                if line[index] == UInt8(ascii: ")") { depth &-= 1 }
                index &+= line[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index > start, depth == 0 else { return nil }
        }
        let destinationEnd = min(index, line.count)
        index = skipSpacesAndTabs(line, from: destinationEnd)
        guard index < line.count else { return false }
        guard index > destinationEnd, isTitle(line, at: index) else { return nil }
        return true
    }

    /// A title (`"…"`, `'…'` or `(…)`) starting at `line[start]`, then only spaces.
    static func isTitle(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start < line.count else { return false }
        let closer: UInt8
        switch line[start] {
        case UInt8(ascii: "\""): closer = UInt8(ascii: "\"")
        case UInt8(ascii: "'"): closer = UInt8(ascii: "'")
        case UInt8(ascii: "("): closer = UInt8(ascii: ")")
        default: return false
        }
        var index = start &+ 1
        while index < line.count, line[index] != closer {
            if closer == UInt8(ascii: ")"), line[index] == UInt8(ascii: "(") { return false }
            index &+= line[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < line.count else { return false }
        return MarkdownBlockStart.trimmedEnd(line, from: index &+ 1) == index &+ 1
    }

    private static func skipSpacesAndTabs(_ line: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < line.count, MarkdownBlockStart.isSpaceOrTab(line[index]) { index &+= 1 }
        return index
    }
}
