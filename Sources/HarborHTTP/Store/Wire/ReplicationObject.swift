import Foundation
import Harbor

/// The writes of one `DocumentStore.replicate(_:)` call on the wire, in order.
///
/// A write is `{"op": "put", "document": {…}}` (a ``DocumentObject``: key, version, body as
/// base64, fields) or `{"op": "delete", "key": …}`.
struct ReplicationObject: Codable, Sendable {
    struct WriteObject: Codable, Sendable {
        var op: String
        var document: DocumentObject?
        var key: DocumentKey?
    }

    var writes: [WriteObject]

    init(_ writes: [ReplicatedWrite]) {
        self.writes = writes.map { write in
            switch write {
            case .put(let document): WriteObject(op: "put", document: DocumentObject(document))
            case .delete(let key): WriteObject(op: "delete", key: key)
            }
        }
    }

    /// The writes.
    /// - Throws: ``WireFormatError`` for an unknown operation or one without what it needs.
    func replicatedWrites() throws(WireFormatError) -> [ReplicatedWrite] {
        var result: [ReplicatedWrite] = []
        result.reserveCapacity(writes.count)
        for write in writes {
            switch (write.op, write.document, write.key) {
            case ("put", let document?, _): result.append(.put(document.document))
            case ("delete", _, let key?): result.append(.delete(key))
            case ("put", _, _): throw WireFormatError("a replicated 'put' needs \"document\"")
            case ("delete", _, _): throw WireFormatError("a replicated 'delete' needs \"key\"")
            default: throw WireFormatError("unknown replicated write '\(write.op)'; use put or delete")
            }
        }
        return result
    }
}
