/// What one character means to the `whitespace` mode, which counts as GNU `wc -w` does under `LC_ALL=C.UTF-8`.
///
/// The rules were read off the real `wc` (GNU coreutils 9.1 on glibc 2.36, Debian 12) and are checked against it
/// for every scalar value by the tests:
/// - a word is a run of printable characters that are not spaces, and spaces end it;
/// - the spaces are glibc's `iswspace` set (ASCII tab to carriage return and space, and general category `Zs`
///   except the no-break spaces) plus the no-break spaces U+00A0, U+2007, U+202F and U+2060, which `wc` adds;
/// - characters that are not printable (controls other than the ASCII spaces, U+2028, U+2029, unassigned code
///   points, invalid UTF-8) are *ignored*: they neither start nor end a word, so `a\u{85}b` is one word and
///   `a \u{7} b` two;
/// - "unassigned" means unassigned in Unicode 14.0, the version of glibc 2.36's tables, so the counts do not
///   change with the Swift runtime's Unicode version.
enum WhitespaceClass: UInt8, Sendable {
    /// Ends a word.
    case space
    /// Neither starts nor ends a word.
    case ignored
    /// Part of a word.
    case printable

    /// The class of an ASCII byte.
    @inline(__always)
    static func ofASCII(_ byte: UInt8) -> WhitespaceClass {
        switch byte {
        case 0x09...0x0D, 0x20: .space
        case 0x00...0x1F, 0x7F: .ignored
        default: .printable
        }
    }

    /// The class of a decoded value: a scalar value, or ``UTF8Decoding/invalid`` for ill-formed input.
    ///
    /// Hot loops pass `table`, a copy of ``basicMultilingualPlane`` fetched once, as for ``CharacterClass``.
    @inline(__always)
    static func ofScalar(_ value: UInt32, table: [WhitespaceClass]? = nil) -> WhitespaceClass {
        if value < 0x1_0000 {
            return (table ?? basicMultilingualPlane)[Int(truncatingIfNeeded: value)]
        }
        return computed(value)
    }

    /// Every BMP value's class; surrogate code points, which never decode, read as `.ignored`.
    static let basicMultilingualPlane: [WhitespaceClass] = (0..<UInt32(0x1_0000)).map(computed)

    /// The newest Unicode version whose characters `wc` knows: glibc 2.36's.
    static let unicodeVersion = (major: 14, minor: 0)

    /// The class of any value, from the Unicode properties, with the large blocks that are all assigned
    /// decided by range.
    static func computed(_ value: UInt32) -> WhitespaceClass {
        switch value {
        case 0..<0x80:
            return ofASCII(UInt8(value))
        case 0x80...0x9F:
            return .ignored
        case 0x00A0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x2060, 0x3000:
            return .space
        case 0x2028, 0x2029:
            return .ignored
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xE000...0xF8FF:
            return .printable
        default:
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age else { return .ignored }
            if age.major > unicodeVersion.major
                || (age.major == unicodeVersion.major && age.minor > unicodeVersion.minor)
            {
                return .ignored
            }
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return .ignored
            case .spaceSeparator: return .space
            default: return .printable
            }
        }
    }
}
