public import Foundation

/// One document as a store keeps it: the encoded aggregate, its version and its indexed fields.
public struct StoredDocument: Sendable, Equatable {
    /// Where the document lives.
    public var key: DocumentKey
    /// Starts at 1 on insert and grows by one with every update.
    public var version: Int64
    /// The aggregate encoded as JSON.
    public var body: Data
    /// The values of the fields the aggregate's type declares as indexed.
    public var fields: [String: FieldValue]

    /// Creates a stored document.
    public init(key: DocumentKey, version: Int64, body: Data, fields: [String: FieldValue]) {
        self.key = key
        self.version = version
        self.body = body
        self.fields = fields
    }
}
