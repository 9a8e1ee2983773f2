/// Removes the spans a writer excluded — `%%comments%%` and CriticMarkup deletions — from
/// Markdown lines before they are parsed, remembering a span left open at the end of a line.
///
/// Spans may cross lines. An unclosed span runs to the end of the document, as Obsidian shows an
/// unclosed comment. Removal joins what was on either side (`a%%b%%c` reads `ac`). A line that held
/// nothing but excluded text (or only whitespace besides) is dropped rather than passed on blank,
/// so it does not end the paragraph around it. The scan is one pass per line, so it stays linear.
struct MarkdownExcludedSpans: Sendable {
    /// The span a line ended inside.
    private enum Open: Sendable {
        case none
        /// `%%…`
        case comment
        /// `{--…`
        case deletion
        /// `{~~…`, before the `~>` that starts the replacement.
        case substitutionOld
        /// `{~~…~>…`: the replacement, which counts, up to `~~}`.
        case substitutionNew
    }

    let exclusions: MarkdownExclusions
    private var open = Open.none
    private var kept: [UInt8] = []

    /// Filters the spans `exclusions` names (only comments and deletions are spans).
    init(_ exclusions: MarkdownExclusions) {
        self.exclusions = exclusions.intersection([.comments, .criticDeletions])
    }

    /// Whether any span is excluded at all; when not, lines need not pass through here.
    var isActive: Bool { !exclusions.isEmpty }

    /// Calls `body` with the line as it reads once excluded spans are removed, or not at all when
    /// nothing but excluded text and whitespace was on it.
    mutating func filter(_ line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if case .none = open, !mayOpen(line) {
            body(line)
            return
        }
        var startedInside = true
        if case .none = open { startedInside = false }
        kept.removeAll(keepingCapacity: true)
        var removedAny = false
        var index = 0
        let count = line.count
        while index < count {
            let byte = line[index]
            switch open {
            case .none:
                if let (opened, width) = opening(line, at: index) {
                    open = opened
                    removedAny = true
                    index &+= width
                } else {
                    kept.append(byte)
                    index &+= 1
                }
            case .comment:
                if Self.matches(line, at: index, "%%") {
                    open = .none
                    index &+= 2
                } else {
                    index &+= 1
                }
            case .deletion:
                if Self.matches(line, at: index, "--}") {
                    open = .none
                    index &+= 3
                } else {
                    index &+= 1
                }
            case .substitutionOld:
                if Self.matches(line, at: index, "~>") {
                    open = .substitutionNew
                    index &+= 2
                } else if Self.matches(line, at: index, "~~}") {
                    open = .none
                    index &+= 3
                } else {
                    index &+= 1
                }
            case .substitutionNew:
                if Self.matches(line, at: index, "~~}") {
                    open = .none
                    index &+= 3
                } else {
                    kept.append(byte)
                    index &+= 1
                }
            }
        }
        // Nothing but excluded text (and whitespace) on the line: dropped, so no blank line appears.
        if removedAny || startedInside, kept.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
        kept.withUnsafeBufferPointer { body($0) }
    }

    /// Whether an excluded span could start in `line`: the fast path for the usual line.
    private func mayOpen(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let comments = exclusions.contains(.comments)
        let deletions = exclusions.contains(.criticDeletions)
        return line.contains { (comments && $0 == UInt8(ascii: "%")) || (deletions && $0 == UInt8(ascii: "{")) }
    }

    /// The span that opens at `index`, and its marker's width.
    private func opening(_ line: UnsafeBufferPointer<UInt8>, at index: Int) -> (Open, Int)? {
        if exclusions.contains(.comments), Self.matches(line, at: index, "%%") { return (.comment, 2) }
        if exclusions.contains(.criticDeletions) {
            if Self.matches(line, at: index, "{--") { return (.deletion, 3) }
            if Self.matches(line, at: index, "{~~") { return (.substitutionOld, 3) }
        }
        return nil
    }

    /// Whether `line` holds the ASCII `marker` at `index`.
    private static func matches(_ line: UnsafeBufferPointer<UInt8>, at index: Int, _ marker: StaticString) -> Bool {
        let length = marker.utf8CodeUnitCount
        guard index &+ length <= line.count else { return false }
        let bytes = marker.utf8Start
        for offset in 0..<length where line[index &+ offset] != bytes[offset] { return false }
        return true
    }
}
