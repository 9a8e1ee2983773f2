import Foundation
import Harbor

// Expectations and fixtures shared by the checks. They throw `ContractViolation` rather than use
// a test framework, so that HarborTesting works with any of them.
extension StoreContract {
    /// The body every contract document holds; compared decoded, so a store may reformat JSON.
    struct Record: Codable, Equatable {
        var title: String
        var count: Int
    }

    /// The payload of every contract event.
    struct EventPayload: Codable, Equatable {
        var label: String
    }

    static let eventName = "harbor.store-contract.event"

    static func body(_ title: String, count: Int = 0) -> Data {
        // Encoding two plain values cannot fail; an empty body would make the checks fail loudly.
        (try? JSONEncoder().encode(Record(title: title, count: count))) ?? Data()
    }

    static func event(_ label: String, at second: Int = 0) -> EncodedEvent {
        let payload = (try? JSONEncoder().encode(EventPayload(label: label))) ?? Data()
        return EncodedEvent(
            name: eventName, payload: payload, occurredAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(second)))
    }

    static func itemKey(_ id: String, in collection: String = "contract-items") -> DocumentKey {
        DocumentKey(collection: collection, id: id)
    }

    static func insert(_ key: DocumentKey, _ title: String, fields: [String: FieldValue] = [:]) -> DocumentChange {
        .insert(key, body: body(title), fields: fields)
    }

    static func update(_ key: DocumentKey, from version: Int64, _ title: String) -> DocumentChange {
        .update(key, expectedVersion: version, body: body(title), fields: [:])
    }

    /// Commits `changes` and `events` in one change set.
    @discardableResult
    static func commit(
        _ store: any Store,
        _ changes: [DocumentChange],
        events: [EncodedEvent] = []
    ) async throws -> CommitReceipt {
        try await store.commit(ChangeSet(changes: changes, events: events))
    }

    /// The title of the document's body, or nil when there is no document.
    static func title(at key: DocumentKey, in store: any Store) async throws -> String? {
        guard let document = try await store.document(at: key) else { return nil }
        return try decodedTitle(document, fileID: #fileID, line: #line)
    }

    static func decodedTitle(_ document: StoredDocument, fileID: String = #fileID, line: Int = #line) throws -> String {
        guard let record = try? JSONDecoder().decode(Record.self, from: document.body) else {
            throw ContractViolation(
                message: "the body of \(document.key) did not come back as it was committed", fileID: fileID, line: line
            )
        }
        return record.title
    }

    /// The labels of the outbox events after `position`, in position order.
    static func eventLabels(in store: any Store, after position: Int64 = 0) async throws -> [String] {
        try await store.events(after: position, limit: 10_000).map { stored in
            guard let payload = try? JSONDecoder().decode(EventPayload.self, from: stored.event.payload) else {
                throw ContractViolation(message: "the payload of the event at \(stored.position) did not come back")
            }
            return payload.label
        }
    }

    static func expect(
        _ condition: Bool,
        _ message: @autoclosure () -> String,
        fileID: String = #fileID,
        line: Int = #line
    ) throws {
        if !condition { throw ContractViolation(message: message(), fileID: fileID, line: line) }
    }

    static func expectEqual<T: Equatable>(
        _ actual: T,
        _ expected: T,
        _ what: String,
        fileID: String = #fileID,
        line: Int = #line
    ) throws {
        if actual != expected {
            throw ContractViolation(
                message: "\(what): expected \(expected), got \(actual)", fileID: fileID, line: line)
        }
    }

    /// Runs `body` and requires it to throw exactly `expected`.
    static func expectError(
        _ expected: StoreError,
        _ what: String,
        fileID: String = #fileID,
        line: Int = #line,
        _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch let error as StoreError {
            try expectEqual(error, expected, what, fileID: fileID, line: line)
            return
        }
        throw ContractViolation(message: "\(what): expected \(expected), but it succeeded", fileID: fileID, line: line)
    }

    /// Whether two sets of indexed fields are the same, allowing what the port allows a store to
    /// do: keep integers and doubles in one numeric column, and drop null fields.
    static func sameFields(_ left: [String: FieldValue], _ right: [String: FieldValue]) -> Bool {
        let names = Set(left.keys).union(right.keys)
        return names.allSatisfy { name in
            let a = left[name] ?? .null
            let b = right[name] ?? .null
            return a == b || (!(a < b) && !(b < a))
        }
    }
}
