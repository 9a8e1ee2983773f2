/// One write that copies a document from another store as it is there, version included: what
/// ``DocumentStore/replicate(_:)`` applies to keep a mirror, a backfill or a local cache identical to its
/// source.
public enum ReplicatedWrite: Sendable, Equatable {
    /// Stores `document` (body, fields and version exactly as given), replacing whatever the
    /// store holds at its key, whatever its version.
    case put(StoredDocument)
    /// Removes the document at the key, if there is one.
    case delete(DocumentKey)

    /// The document this write is about.
    public var key: DocumentKey {
        switch self {
        case .put(let document): document.key
        case .delete(let key): key
        }
    }
}
