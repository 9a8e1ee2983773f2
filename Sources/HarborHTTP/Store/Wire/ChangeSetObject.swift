import Foundation
import Harbor

/// A ``ChangeSet`` on the wire: its changes, events and the reads it requires unchanged.
///
/// A change is `{"op": "insert", "key": …, "body": base64, "fields": {…}}`, `{"op": "update",
/// "key": …, "expectedVersion": 3, "body": …, "fields": …}` or `{"op": "delete", "key": …,
/// "expectedVersion": 3}`; a read is `{"key": …, "version": 2}` (no version: absent) or
/// `{"query": …, "results": [{"key": …, "version": …}]}`.
struct ChangeSetObject: Codable, Sendable {
    struct ChangeObject: Codable, Sendable {
        var op: String
        var key: DocumentKey
        var expectedVersion: Int64?
        var body: Data?
        var fields: [String: FieldValue]?
    }

    struct ReadObject: Codable, Sendable {
        var key: DocumentKey?
        var version: Int64?
        var query: QueryObject?
        var results: [VersionObject]?
    }

    var changes: [ChangeObject]
    var events: [EncodedEvent]
    var expectedReads: [ReadObject]

    init(_ changeSet: ChangeSet) {
        changes = changeSet.changes.map(ChangeObject.init)
        events = changeSet.events
        expectedReads = changeSet.expectedReads.map(ReadObject.init)
    }

    /// The change set.
    /// - Throws: ``WireFormatError`` for an unknown operation or one without what it needs.
    func changeSet() throws(WireFormatError) -> ChangeSet {
        var changes: [DocumentChange] = []
        for change in self.changes { changes.append(try change.change()) }
        var reads: [ReadExpectation] = []
        for read in expectedReads { reads.append(try read.expectation()) }
        return ChangeSet(changes: changes, events: events, expectedReads: reads)
    }
}

extension ChangeSetObject.ChangeObject {
    init(_ change: DocumentChange) {
        switch change {
        case .insert(let key, let body, let fields):
            self.init(op: "insert", key: key, body: body, fields: fields)
        case .update(let key, let expectedVersion, let body, let fields):
            self.init(
                op: "update", key: key, expectedVersion: expectedVersion, body: body,
                fields: fields)
        case .delete(let key, let expectedVersion):
            self.init(op: "delete", key: key, expectedVersion: expectedVersion)
        }
    }

    func change() throws(WireFormatError) -> DocumentChange {
        switch (op, expectedVersion, body) {
        case ("insert", _, let body?):
            return .insert(key, body: body, fields: fields ?? [:])
        case ("update", let version?, let body?):
            return .update(key, expectedVersion: version, body: body, fields: fields ?? [:])
        case ("delete", let version?, _):
            return .delete(key, expectedVersion: version)
        case ("insert", _, _), ("update", _, _), ("delete", _, _):
            let needs =
                ["insert": "\"body\"", "update": "\"expectedVersion\" and \"body\""][op] ?? "\"expectedVersion\""
            throw WireFormatError("change of \(key): '\(op)' needs \(needs)")
        default:
            throw WireFormatError("change of \(key): unknown op '\(op)'; use insert, update or delete")
        }
    }
}

extension ChangeSetObject.ReadObject {
    init(_ expectation: ReadExpectation) {
        switch expectation {
        case .document(let key, let version):
            self.init(key: key, version: version)
        case .query(let query, let results):
            self.init(
                query: QueryObject(query), results: results.map { VersionObject(key: $0.key, version: $0.value) })
        }
    }

    func expectation() throws(WireFormatError) -> ReadExpectation {
        if let key, query == nil {
            return .document(key, version: version)
        }
        if let query, key == nil {
            return .query(try query.query(), results: VersionObject.dictionary(results ?? []))
        }
        throw WireFormatError("an expected read has either \"key\" (and \"version\") or \"query\" (and \"results\")")
    }
}
