/// What makes a file the same file after a rename: its device, inode and birth time.
///
/// On ext4 a freed inode number goes to the next new file at once, so device and inode alone
/// prove nothing; the birth time (from `statx`) tells a new file from an old one. Where the
/// file system reports no birth time it is nil, and identity rests on device and inode.
public struct FileIdentity: Hashable, Sendable, Codable {
    /// The device the file lives on.
    public var device: UInt64
    /// The inode number on that device.
    public var inode: UInt64
    /// Nanoseconds since 1970 when the file was created, if the file system knows.
    public var birthTime: Int64?

    /// Creates an identity.
    public init(device: UInt64, inode: UInt64, birthTime: Int64?) {
        self.device = device
        self.inode = inode
        self.birthTime = birthTime
    }

    /// Whether `other` is the same file: same device and inode, and the same birth time when both know it.
    public func isSameFile(as other: FileIdentity) -> Bool {
        guard device == other.device, inode == other.inode else { return false }
        if let birthTime, let otherBirth = other.birthTime { return birthTime == otherBirth }
        return true
    }
}
