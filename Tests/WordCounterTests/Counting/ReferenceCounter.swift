/// The counting rules written as plainly as possible, straight from their wording, to check the fast counter
/// against: decode with `String(decoding:as:)` (invalid bytes become U+FFFD), split into tokens at
/// `White_Space`, split tokens into pieces at dashes and ellipses, then count CJK characters and the runs
/// between them that hold a letter or number. The `whitespace` mode's reference reads GNU `wc -w`'s rules as plainly.
enum ReferenceCounter {
    static func words(_ bytes: [UInt8]) -> Int {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        return tokens(scalars).reduce(0) { total, token in
            total + pieces(token).reduce(0) { $0 + wordsInPiece($1) }
        }
    }

    /// GNU `wc -w` (coreutils 9.1, glibc 2.36, `LC_ALL=C.UTF-8`): words are runs of printable characters that
    /// are not spaces; characters that are not printable, and invalid bytes, are skipped.
    static func whitespaceTokens(_ bytes: [UInt8]) -> Int {
        var words = 0
        var inWord = false
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                if isWCSpace(scalar) {
                    inWord = false
                } else if isWCPrintable(scalar) {
                    if !inWord { words += 1 }
                    inWord = true
                }
            case .error:
                continue
            case .emptyInput:
                return words
            }
        }
    }

    static func isWCSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .spaceSeparator || (0x09...0x0D).contains(scalar.value)
            || scalar.value == 0x2060
    }

    static func isWCPrintable(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age, age.major < 14 || (age.major == 14 && age.minor == 0) else {
            return false
        }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate: return false
        default: return true
        }
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true
        default: scalar.properties.isIdeographic
        }
    }

    static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            true
        default:
            false
        }
    }

    private static func tokens(_ scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        scalars.split(whereSeparator: { $0.properties.isWhitespace }).map(Array.init)
    }

    private static func pieces(_ token: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var pieces: [[Unicode.Scalar]] = [[]]
        var index = 0
        while index < token.count {
            let scalar = token[index]
            if [0x2013, 0x2014, 0x2015, 0x2026].contains(scalar.value) {
                pieces.append([])
                index += 1
                continue
            }
            if scalar == "-" || scalar == "." {
                var end = index
                while end < token.count, token[end] == scalar { end += 1 }
                let separates = scalar == "-" ? end - index >= 2 : end - index >= 3
                if separates {
                    pieces.append([])
                } else {
                    pieces[pieces.count - 1].append(contentsOf: token[index..<end])
                }
                index = end
                continue
            }
            pieces[pieces.count - 1].append(scalar)
            index += 1
        }
        return pieces
    }

    private static func wordsInPiece(_ piece: [Unicode.Scalar]) -> Int {
        var words = 0
        var runHasLetterOrNumber = false
        for scalar in piece {
            if isCJK(scalar) {
                if runHasLetterOrNumber { words += 1 }
                runHasLetterOrNumber = false
                words += 1
            } else if isLetterOrNumber(scalar) {
                runHasLetterOrNumber = true
            }
        }
        return words + (runHasLetterOrNumber ? 1 : 0)
    }
}
