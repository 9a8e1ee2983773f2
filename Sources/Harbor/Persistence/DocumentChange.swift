public import Foundation

/// One write a unit of work asks a store to make, with the version it expects to find.
public enum DocumentChange: Sendable, Equatable {
    /// Create a document; the store must not have one with this key (else ``StoreError/duplicate(_:)``).
    case insert(DocumentKey, body: Data, fields: [String: FieldValue])
    /// Replace a document that is still at `expectedVersion` (else ``StoreError/stale(_:expected:actual:)``).
    case update(DocumentKey, expectedVersion: Int64, body: Data, fields: [String: FieldValue])
    /// Delete a document that is still at `expectedVersion` (else ``StoreError/stale(_:expected:actual:)``).
    case delete(DocumentKey, expectedVersion: Int64)

    /// The document this change is about.
    public var key: DocumentKey {
        switch self {
        case .insert(let key, _, _), .update(let key, _, _, _), .delete(let key, _): key
        }
    }
}
