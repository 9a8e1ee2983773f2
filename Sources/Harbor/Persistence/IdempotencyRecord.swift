import Foundation

/// A finished run of an ``IdempotentUseCase``: its result, kept until it expires.
struct IdempotencyRecord: Aggregate {
    static let collection = "harbor-idempotency"
    static let indexes: [IndexedField<IdempotencyRecord>] = [.field("expires", \.expiresAt)]
    /// The use case's type name and its key.
    let id: String
    /// The run's output as JSON; empty for `Void`.
    var output: Data
    /// When the key may be used again for a new run.
    var expiresAt: Date
}
