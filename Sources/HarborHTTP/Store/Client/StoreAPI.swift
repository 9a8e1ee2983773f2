import Foundation
import Harbor

/// The store server's routes as endpoints, shared by ``HTTPStore`` and the benchmarks.
enum StoreAPI {
    /// A name or identifier as one path segment: `~` then the value (percent-encoded by the
    /// path template), so that an empty value, `.` or `..` still makes a segment of its own
    /// that no router or URL normalisation drops or resolves.
    static func segment(_ value: String) -> String { "~" + value }

    static let prepare = Endpoint<SchemaObject, NoContent>(.put, "/collections/{name}")
    static let document = Endpoint<NoContent, DocumentObject>(.get, "/documents/{collection}/{id}")
    static let query = Endpoint<QueryObject, [DocumentObject]>(.post, "/query", idempotent: true)
    static let count = Endpoint<QueryObject, WireValue<Int>>(.post, "/count", idempotent: true)
    static let indexEntries = Endpoint<QueryObject, [IndexEntryObject]>(.post, "/index-entries", idempotent: true)
    /// Sent again after a lost answer: each commit carries an `Idempotency-Key`, and the server
    /// answers a commit it has seen with its first answer instead of applying it twice.
    static let commit = Endpoint<ChangeSetObject, CommitReceiptObject>(.post, "/commit", idempotent: true)
    /// Idempotent: it stores the documents at the versions given, so sending it twice changes nothing.
    static let replicate = Endpoint<ReplicationObject, NoContent>(.post, "/replicate", idempotent: true)
    /// Sent again after a lost answer: the value the first attempt took is skipped, a gap a
    /// sequence allows, and the caller gets the second, which no one else got.
    static let nextValue = Endpoint<WireValue<Int64>, WireValue<Int64>>(
        .post, "/sequences/{name}/next", idempotent: true)
    static let events = Endpoint<NoContent, [StoredEventObject]>(.get, "/events")
    static let signals = Endpoint<NoContent, WireValue<UInt64>>(.get, "/signals")
    static let prune = Endpoint<WireValue<Int64>, WireValue<Int>>(.post, "/events/prune", idempotent: true)
    static let subscribers = Endpoint<NoContent, [String: Int64]>(.get, "/subscribers")
    static let position = Endpoint<NoContent, WireValue<Int64>>(.get, "/subscribers/{name}/position")
    static let setPosition = Endpoint<WireValue<Int64>, NoContent>(.put, "/subscribers/{name}/position")
    static let deadLetters = Endpoint<NoContent, [DeadLetter]>(.get, "/subscribers/{name}/dead-letters")
    /// Idempotent: a dead letter replaces the one kept at its position.
    static let addDeadLetter = Endpoint<DeadLetter, NoContent>(.post, "/dead-letters", idempotent: true)
    /// Not sent twice, so that its answer (whether there was one) stays true.
    static let removeDeadLetter = Endpoint<NoContent, WireValue<Bool>>(
        .delete, "/subscribers/{name}/dead-letters/{position}", idempotent: false)
}
