import Foundation
import Harbor

/// A ``StoredDocument`` on the wire; the body travels as base64.
struct DocumentObject: Codable, Sendable {
    var key: DocumentKey
    var version: Int64
    var body: Data
    var fields: [String: FieldValue]

    init(_ document: StoredDocument) {
        key = document.key
        version = document.version
        body = document.body
        fields = document.fields
    }

    var document: StoredDocument {
        StoredDocument(key: key, version: version, body: body, fields: fields)
    }
}
