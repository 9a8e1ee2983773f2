/// What one Unicode scalar means to the `words` rules (the `whitespace` mode has ``WhitespaceClass``).
enum CharacterClass: UInt8, Sendable {
    /// `White_Space`: ends a token.
    case space
    /// U+2013, U+2014, U+2015, U+2026: separate words inside a token in `words` mode, like a space.
    case separator
    /// General category L* or N*: makes the piece it is in a word.
    case letterOrNumber
    /// Ideographic, kana or half-width katakana: a word by itself.
    case ideograph
    /// `-`: two or more in a row separate words.
    case hyphen
    /// `.`: three or more in a row separate words.
    case dot
    /// Anything else (punctuation, symbols, emoji, marks, U+FFFD): part of a piece, never a word by itself.
    case other

    /// The class of an ASCII byte; the hot loops inline this instead of reading a table so there is no global
    /// to initialise and no bounds check.
    @inline(__always)
    static func ofASCII(_ byte: UInt8) -> CharacterClass {
        switch byte {
        case 0x09...0x0D, 0x20: .space
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: .letterOrNumber
        case 0x2D: .hyphen
        case 0x2E: .dot
        default: .other
        }
    }

    /// The class of a non-ASCII scalar value.
    ///
    /// The Basic Multilingual Plane comes from a table built once, at first use, from the Unicode properties, so
    /// Cyrillic or Greek text costs the same as Latin; other planes ask the properties, except the emoji blocks.
    ///
    /// Hot loops pass `table`, a copy of ``basicMultilingualPlane`` they fetch once, because every read of a
    /// `static let` goes through a call that checks it was initialised.
    @inline(__always)
    static func ofScalar(_ value: UInt32, table: [CharacterClass]? = nil) -> CharacterClass {
        if value < 0x1_0000 {
            return (table ?? basicMultilingualPlane)[Int(truncatingIfNeeded: value)]
        }
        if (0x1F300...0x1FAFF).contains(value) {
            // Pictographs and emoji: no letters, numbers or ideographs among them.
            return .other
        }
        return computed(value)
    }

    /// Every BMP scalar's class; surrogate code points, which never decode, read as `.other`.
    static let basicMultilingualPlane: [CharacterClass] = (0..<UInt32(0x1_0000)).map(computed)

    /// The class of any value, worked out from ranges where they are known and from the Unicode properties
    /// otherwise; the tests compare it with the properties for every scalar.
    static func computed(_ value: UInt32) -> CharacterClass {
        switch value {
        case 0..<0x80:
            return ofASCII(UInt8(value))
        case 0x00C0...0x024F:
            // Latin-1 letters and Latin Extended-A/B are all letters except the two operators.
            return value == 0x00D7 || value == 0x00F7 ? .other : .letterOrNumber
        case 0x2000...0x206F:
            return ofGeneralPunctuation(value)
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF66...0xFF9F:
            return .ideograph
        case 0xAC00...0xD7A3:
            // Hangul syllables are letters, not ideographs: Korean counts by its spaces.
            return .letterOrNumber
        default:
            return ofScalarByProperties(value)
        }
    }

    /// The General Punctuation block holds most of the non-ASCII spaces and every dash the rules name, and no
    /// letter or number, so it is decided without the property tables.
    private static func ofGeneralPunctuation(_ value: UInt32) -> CharacterClass {
        switch value {
        case 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F: .space
        case 0x2013, 0x2014, 0x2015, 0x2026: .separator
        default: .other
        }
    }

    private static func ofScalarByProperties(_ value: UInt32) -> CharacterClass {
        guard let scalar = Unicode.Scalar(value) else { return .other }
        let properties = scalar.properties
        if properties.isWhitespace { return .space }
        if properties.isIdeographic { return .ideograph }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return .letterOrNumber
        default:
            return .other
        }
    }
}
