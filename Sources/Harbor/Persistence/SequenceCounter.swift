import Foundation

/// The counter document of a sequence, for stores without a native counter: a document of the
/// reserved collection `harbor-sequences`, keyed by the sequence's name, whose body is
/// `{"value": n}`, the last value given.
struct SequenceCounter: Codable, Sendable {
    static let collection = "harbor-sequences"
    /// How many times the default `DocumentStore.nextValue(of:above:)` reads and commits before it
    /// gives up: each lost attempt means another caller took a value, so only a crowd of callers
    /// on one sequence, all faster than this one every time, exhausts it.
    static let maximumAttempts = 10_000

    /// The last value given.
    var value: Int64

    /// The key of `sequence`'s counter.
    static func key(_ sequence: String) -> DocumentKey {
        DocumentKey(collection: collection, id: sequence)
    }

    /// The last value the counter `document` holds.
    /// - Throws: `StoreError.invalidData(_:reason:)` when its body is not a counter.
    static func value(in document: StoredDocument) throws -> Int64 {
        do {
            return try JSONDecoder().decode(SequenceCounter.self, from: document.body).value
        } catch {
            throw StoreError.invalidData(document.key, reason: "it is not a sequence counter {\"value\": n}: \(error)")
        }
    }

    /// The body of a counter at `value`.
    static func body(_ value: Int64) throws -> Data {
        try JSONEncoder().encode(SequenceCounter(value: value))
    }
}
