public import Harbor

/// One way the secondary of a ``MirroredStore`` differs from its primary, found by a shadow read
/// or by ``MirroredStore/verify(collections:)``.
public struct MirrorDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The primary has the document; the secondary does not.
        case missingOnSecondary = "missing"
        /// The secondary has a document the primary does not.
        case extraOnSecondary = "extra"
        /// The secondary has an older version.
        case olderOnSecondary = "older"
        /// The secondary has a newer version, which the mirror never writes.
        case newerOnSecondary = "newer"
        /// Both have the same version with different bodies or fields.
        case contentDiffers = "content"
        /// The two stores count a different number of documents for a query.
        case countDiffers = "count"
    }

    /// The document, or for ``Kind/countDiffers`` a key whose identifier is empty.
    public var key: DocumentKey
    /// What differs.
    public var kind: Kind
    /// The primary's version (or count), nil when it has none.
    public var primaryVersion: Int64?
    /// The secondary's version (or count), nil when it has none.
    public var secondaryVersion: Int64?
    /// True when the document waits in the backlog, so the secondary only lags and will catch up.
    public var isLag: Bool

    /// Creates a difference.
    public init(key: DocumentKey, kind: Kind, primaryVersion: Int64?, secondaryVersion: Int64?, isLag: Bool) {
        self.key = key
        self.kind = kind
        self.primaryVersion = primaryVersion
        self.secondaryVersion = secondaryVersion
        self.isLag = isLag
    }

    public var description: String {
        let versions =
            "primary \(primaryVersion.map(String.init) ?? "none"), "
            + "secondary \(secondaryVersion.map(String.init) ?? "none")"
        let what =
            switch kind {
            case .missingOnSecondary: "missing on the secondary"
            case .extraOnSecondary: "on the secondary only"
            case .olderOnSecondary: "older on the secondary"
            case .newerOnSecondary: "newer on the secondary"
            case .contentDiffers: "same version, different content"
            case .countDiffers: "different counts"
            }
        let subject = kind == .countDiffers ? key.collection : key.description
        return "\(subject): \(what) (\(versions))" + (isLag ? ", waiting in the backlog" : "")
    }
}
