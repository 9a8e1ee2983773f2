public import Foundation
public import Harbor

/// A write made offline that the online store refused when it was sent, because a document it
/// was based on changed there meanwhile: kept by the ``FallbackStore`` until someone chooses a side.
public struct FallbackConflict: Sendable, Equatable {
    /// Which side a resolution keeps.
    public enum Side: String, Sendable, CaseIterable {
        /// The documents as they were written offline replace the online ones.
        case local
        /// The online documents stay, and replace the local copy.
        case online
    }

    /// Identifies the conflict for ``FallbackStore/resolve(_:keeping:)``.
    public var id: String
    /// The documents the refused write touched.
    public var keys: [DocumentKey]
    /// Those documents as written offline; a key without one was deleted offline.
    public var local: [StoredDocument]
    /// Those documents online when the write was refused; a key without one is absent online.
    public var online: [StoredDocument]
    /// Why the online store refused it, as the store said.
    public var reason: String
    /// When it was found.
    public var detectedAt: Date

    /// Creates a conflict.
    public init(
        id: String, keys: [DocumentKey], local: [StoredDocument], online: [StoredDocument], reason: String,
        detectedAt: Date
    ) {
        self.id = id
        self.keys = keys
        self.local = local
        self.online = online
        self.reason = reason
        self.detectedAt = detectedAt
    }
}
