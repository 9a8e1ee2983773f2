public import Harbor

/// The indexed fields that let `update` tell an unchanged file from its index entry alone, without
/// decoding the file: what ``TrackedFile/isUnchanged(comparedWith:)`` compares.
extension TrackedFile {
    /// The indexed field of ``words``.
    public static let wordsField = "words"
    /// The indexed field of ``unchangedStamp``.
    public static let stampField = "stamp"
    /// The indexed field of ``birthTime``.
    public static let birthField = "birth"

    /// Device, inode, size and modification time as one string when the file was counted and is
    /// `ok` (and, after them, the bits of ``exclusions`` when there are any); nil when it must be
    /// read again whatever its status says.
    public var unchangedStamp: String? {
        guard state == .ok, let identity, countedAt != nil else { return nil }
        let stamp = Self.stamp(device: identity.device, inode: identity.inode, size: size, modified: modified)
        return exclusions.isEmpty ? stamp : stamp + ":\(exclusions.rawValue)"
    }

    /// The birth time of ``identity``, when the file system knows it.
    public var birthTime: Int64? { identity?.birthTime }

    /// Whether the file an index entry describes shows the same content in `status` and was
    /// counted with `exclusions`: the same answer as ``isUnchanged(comparedWith:markdownExclusions:)``
    /// on the decoded file, given the exclusions that file expects
    /// (``expectedExclusions(_:)``).
    public static func isUnchanged(
        _ entry: IndexEntry, comparedWith status: FileStatus, exclusions: MarkdownExclusions = []
    ) -> Bool {
        entry.withValues(of: [stampField, birthField]) { values in
            isUnchanged(
                stamp: values[0], birth: values[1], identity: status.identity, size: status.size,
                modified: status.modified, exclusions: exclusions)
        }
    }

    /// ``isUnchanged(_:comparedWith:exclusions:)`` given views of the entry's ``stampField`` and
    /// ``birthField`` values, lent in one pass with those the caller compares besides
    /// (`IndexEntry.withValues(of:_:)`), and a status's identity, size and modification
    /// time (nanoseconds since 1970). The stamp is read in place: no string is built.
    package static func isUnchanged(
        stamp: FieldView, birth: FieldView, identity: FileIdentity, size: Int64, modified: Int64,
        exclusions: MarkdownExclusions = []
    ) -> Bool {
        guard case .string(let stamp) = stamp,
            Self.stamp(
                stamp, holds: identity.device, identity.inode, size: size, modified: modified,
                exclusions: exclusions.rawValue)
        else { return false }
        if case .int(let birth) = birth, let other = identity.birthTime { return birth == other }
        return true
    }

    private static func stamp(device: UInt64, inode: UInt64, size: Int64, modified: Int64) -> String {
        "\(device):\(inode):\(size):\(modified)"
    }

    /// Whether `stamp` is what ``stamp(device:inode:size:modified:)`` makes of these numbers, read in
    /// place: `update` asks this of every tracked file, and building the string to compare would
    /// cost more than the rest of the check.
    private static func stamp(
        _ stamp: UnsafeRawBufferPointer, holds device: UInt64, _ inode: UInt64, size: Int64, modified: Int64,
        exclusions: UInt8
    ) -> Bool {
        func number(_ field: Int) -> (negative: Bool, magnitude: UInt64)? {
            switch field {
            case 0: (false, device)
            case 1: (false, inode)
            case 2: (size < 0, size.magnitude)
            case 3: (modified < 0, modified.magnitude)
            case 4: (false, UInt64(exclusions))
            default: nil
            }
        }
        var field = 0
        var negative = false
        var magnitude: UInt64 = 0
        var digits = 0
        func fieldMatches() -> Bool {
            guard digits > 0, let expected = number(field) else { return false }
            return expected == (negative && magnitude != 0, magnitude)
        }
        for byte in stamp {
            switch byte {
            case UInt8(ascii: ":"):
                guard fieldMatches() else { return false }
                field += 1
                negative = false
                magnitude = 0
                digits = 0
            case UInt8(ascii: "-") where digits == 0 && !negative:
                negative = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
                guard !overflow && !carry else { return false }
                magnitude = sum
                digits += 1
            default:
                return false
            }
        }
        guard fieldMatches() else { return false }
        // Four numbers: counted without exclusions.
        return field == 4 || (field == 3 && exclusions == 0)
    }
}
