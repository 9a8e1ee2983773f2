/// A shell-style pattern for file paths, as ``FileFilter`` uses it.
///
/// - `*` matches any run of characters within one path component, `?` exactly one character;
/// - `**` as a whole component matches any number of components, none included;
/// - `[abc]`, `[a-z]` and `[!x]` (or `[^x]`) match one character in or out of a set;
/// - `\` makes the next character literal; a `[` without its `]` is literal too.
///
/// A pattern without `/` is matched against a file's name alone; one with `/` against its whole
/// relative path, anchored at the tracked folder (a leading `/` changes nothing). A trailing `/`
/// means "everything below": `drafts/` is `drafts/**`. Matching is case-sensitive, as the Linux
/// file system is, and works on Unicode scalars, so `?` matches one `é`.
struct Glob: Sendable {
    /// One piece of a path component's pattern.
    enum Token: Sendable, Equatable {
        case literal(Unicode.Scalar)
        case anyCharacter
        case anyRun
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    /// One path component's pattern, or `**`.
    enum Segment: Sendable, Equatable {
        case anyDepth
        case component([Token])
    }

    /// Whether the pattern holds a `/` and so is matched against the whole relative path.
    let matchesWholePath: Bool
    /// The components of the pattern; a single one when it is matched against names.
    let segments: [Segment]

    /// Compiles `pattern`; every string is a valid pattern.
    init(_ pattern: String) {
        matchesWholePath = pattern.contains("/")
        guard matchesWholePath else {
            // A name pattern: `**` here is just `*`, since a name holds no `/`.
            segments = [.component(Self.tokens(of: Substring(pattern)))]
            return
        }
        var segments: [Segment] = []
        for part in pattern.split(separator: "/") {
            let segment: Segment = part == "**" ? .anyDepth : .component(Self.tokens(of: part))
            if segment == .anyDepth, segments.last == .anyDepth { continue }
            segments.append(segment)
        }
        if pattern.hasSuffix("/"), segments.last != .anyDepth { segments.append(.anyDepth) }
        self.segments = segments
    }

    /// `text` as a pattern that matches exactly it: `*`, `?`, `[` and `\` made literal.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "*?[\\".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Whether the file at the relative path made of `components` matches.
    func matches(components: [Substring]) -> Bool {
        guard matchesWholePath else {
            guard let name = components.last, case .component(let tokens)? = segments.first else { return false }
            return Self.matches(tokens, name)
        }
        return Self.wildcardMatch(segments, components, isRun: { $0 == .anyDepth }) { segment, component in
            guard case .component(let tokens) = segment else { return false }
            return Self.matches(tokens, component)
        }
    }

    /// Whether one path component matches its tokens.
    static func matches(_ tokens: [Token], _ component: Substring) -> Bool {
        wildcardMatch(tokens, component.unicodeScalars, isRun: { $0 == .anyRun }) { token, scalar in
            switch token {
            case .literal(let literal): literal == scalar
            case .anyCharacter: true
            case .anyRun: false
            case .set(let ranges, let negated): ranges.contains { $0.contains(scalar) } != negated
            }
        }
    }

    /// Matches `subject` against `pattern`, where a run element matches any number of subject
    /// elements and every other element exactly one.
    ///
    /// Greedy with one backtrack point (the last run seen), which is enough because a later run
    /// can absorb whatever an earlier one would have: linear for typical patterns, never exponential.
    private static func wildcardMatch<Element, Subject: Collection>(
        _ pattern: [Element], _ subject: Subject, isRun: (Element) -> Bool,
        matchesOne: (Element, Subject.Element) -> Bool
    ) -> Bool {
        var next = 0
        var position = subject.startIndex
        var lastRun: (pattern: Int, subject: Subject.Index)?
        while position != subject.endIndex {
            if next < pattern.count {
                if isRun(pattern[next]) {
                    lastRun = (next, position)
                    next += 1
                    continue
                }
                if matchesOne(pattern[next], subject[position]) {
                    next += 1
                    position = subject.index(after: position)
                    continue
                }
            }
            // Mismatch: let the last run take one more element, and retry after it.
            guard let run = lastRun else { return false }
            let resumed = subject.index(after: run.subject)
            lastRun = (run.pattern, resumed)
            next = run.pattern + 1
            position = resumed
        }
        while next < pattern.count, isRun(pattern[next]) { next += 1 }
        return next == pattern.count
    }

    /// Parses one component of a pattern into tokens.
    private static func tokens(of part: Substring) -> [Token] {
        let scalars = Array(part.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*":
                if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?":
                tokens.append(.anyCharacter)
            case "\\" where index < scalars.count:
                tokens.append(.literal(scalars[index]))
                index += 1
            case "[":
                if let (set, end) = characterSet(in: scalars, from: index) {
                    tokens.append(set)
                    index = end
                } else {
                    tokens.append(.literal("["))
                }
            default:
                tokens.append(.literal(scalar))
            }
        }
        return tokens
    }

    /// The set that starts just after a `[` at `start`, and the index after its `]`; nil when
    /// there is no closing `]`. A `]` right after `[` or `[!` is a member, as in the shell.
    private static func characterSet(in scalars: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var index = start
        let negated = index < scalars.count && (scalars[index] == "!" || scalars[index] == "^")
        if negated { index += 1 }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while index < scalars.count {
            var lower = scalars[index]
            index += 1
            if lower == "]" && !first { return (.set(ranges, negated: negated), index) }
            first = false
            if lower == "\\", index < scalars.count {
                lower = scalars[index]
                index += 1
            }
            var upper = lower
            if index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] != "]" {
                upper = scalars[index + 1]
                index += 2
                if upper == "\\", index < scalars.count {
                    upper = scalars[index]
                    index += 1
                }
            }
            // A reversed range such as [z-a] matches nothing, as in the shell.
            if lower <= upper { ranges.append(lower...upper) }
        }
        return nil
    }
}
