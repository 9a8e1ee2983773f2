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
    /// `ok`; nil when it must be read again whatever its status says.
    public var unchangedStamp: String? {
        guard state == .ok, let identity, countedAt != nil else { return nil }
        return Self.stamp(device: identity.device, inode: identity.inode, size: size, modified: modified)
    }

    /// The birth time of ``identity``, when the file system knows it.
    public var birthTime: Int64? { identity?.birthTime }

    /// Whether the file an index entry describes shows the same content in `status`: the same
    /// answer as ``isUnchanged(comparedWith:)`` on the decoded file.
    public static func isUnchanged(_ entry: IndexEntry, comparedWith status: FileStatus) -> Bool {
        let identity = status.identity
        guard case .string(let stamp) = entry[field: stampField],
            stamp
                == Self.stamp(
                    device: identity.device, inode: identity.inode, size: status.size, modified: status.modified)
        else { return false }
        if case .int(let birth) = entry[field: birthField], let other = identity.birthTime { return birth == other }
        return true
    }

    private static func stamp(device: UInt64, inode: UInt64, size: Int64, modified: Int64) -> String {
        "\(device):\(inode):\(size):\(modified)"
    }
}
