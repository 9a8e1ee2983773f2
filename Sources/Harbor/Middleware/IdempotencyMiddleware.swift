import Foundation

/// Runs each ``IdempotentUseCase`` once per key, and passes every other use case through.
///
/// A run whose key has a result that has not expired returns it without running. Otherwise the
/// use case runs in one ``Persistence/transaction(checkingReads:_:)`` that also stores its result
/// under the key, so the changes and the result are committed together or not at all. When
/// two runs with one key race (in one process or several on one store), one commits; the other's
/// commit conflicts on the key, nothing of it is written, and it returns the first one's result.
/// A run that fails stores nothing, so the key can be tried again.
///
/// Results are documents of the collection `harbor-idempotency` in the persistence's store,
/// kept for `keepFor` (24 hours by default) on the persistence's clock: after that, a run with
/// the key runs again and replaces the result.
///
/// ```swift
/// let app = UseCaseRunner(
///     services: services,
///     middleware: [RetryMiddleware(maxAttempts: 3), IdempotencyMiddleware(persistence: services.persistence)])
/// ```
public struct IdempotencyMiddleware: UseCaseMiddleware {
    /// Why an idempotent run could not keep its promise.
    public struct OutputNotStorable: Error, CustomStringConvertible {
        /// The use case whose output is neither `Codable` nor `Void`.
        public let useCaseName: String
        public var description: String {
            "\(useCaseName) is idempotent, but its output is neither Codable nor Void, so its result cannot be kept"
        }
    }

    /// The persistence that keeps the results, in the same commits as the runs' changes.
    public let persistence: Persistence
    /// How long a result answers for its key.
    public let keepFor: Duration

    /// The collection the results are kept in (`harbor-idempotency`, indexed by expiry): for tools
    /// that copy or compare a store's collections, such as a migration.
    public static var schema: CollectionSchema { IdempotencyRecord.schema }

    /// Keeps results in `persistence` for `keepFor`.
    public init(persistence: Persistence, keepFor: Duration = .seconds(24 * 60 * 60)) {
        self.persistence = persistence
        self.keepFor = keepFor
    }

    public func handle<U: UseCase>(
        _ useCase: U,
        context: RunContext<U.Services>,
        next: @escaping @Sendable (U, RunContext<U.Services>) async throws -> U.Output
    ) async throws -> U.Output {
        guard let keyed = useCase as? any IdempotentUseCase else { return try await next(useCase, context) }
        guard U.Output.self == Void.self || U.Output.self is any Codable.Type else {
            throw OutputNotStorable(useCaseName: context.useCaseName)
        }
        let id = "\(context.useCaseName):\(keyed.idempotencyKey)"
        do {
            return try await persistence.transaction { unitOfWork in
                // Read in the transaction, so the write below expects what was read: a result
                // another run commits meanwhile makes this commit conflict instead of replacing it.
                let records = unitOfWork.repository(IdempotencyRecord.self)
                let existing = try await records.find(id)
                if let existing, existing.expiresAt > persistence.now() {
                    return try Self.output(of: existing, as: U.Output.self)
                }
                let output = try await next(useCase, context)
                let record = IdempotencyRecord(
                    id: id, output: try Self.encode(output),
                    expiresAt: persistence.now().addingTimeInterval(keepFor.timeInterval))
                if existing != nil { try records.update(record) } else { try records.add(record) }
                return output
            }
        } catch let error as StoreError where error.isConflict {
            // Another run with this key committed first: nothing of this one was written.
            if let kept = try await keptOutput(id, as: U.Output.self) { return kept }
            throw error
        }
    }

    /// Removes up to `limit` results that expired, oldest first, and returns how many it removed:
    /// an expired result answers for nothing, but stays in the store until removed. Call it now
    /// and then (a scheduled use case, a timer); a result renewed meanwhile by a new run is kept.
    /// - Parameter limit: the most results removed in one unit of work.
    @discardableResult
    public func removeExpired(atMost limit: Int = 1_000) async throws -> Int {
        try await persistence.perform { unitOfWork in
            let records = unitOfWork.repository(IdempotencyRecord.self)
            let expired = try await records.query(
                Query<IdempotencyRecord>().where(\.expiresAt, atMost: persistence.now()).sorted(by: \.expiresAt)
                    .limit(max(1, limit)))
            for record in expired { try records.remove(record) }
            return expired.count
        }
    }

    /// The output kept under `id`, unless there is none or it expired.
    private func keptOutput<Output>(_ id: String, as type: Output.Type) async throws -> Output? {
        guard let record = try await persistence.repository(IdempotencyRecord.self).find(id),
            record.expiresAt > persistence.now()
        else { return nil }
        return try Self.output(of: record, as: type)
    }

    /// The output `record` keeps, decoded.
    private static func output<Output>(of record: IdempotencyRecord, as type: Output.Type) throws -> Output {
        if let nothing = () as? Output { return nothing }
        guard let decodable = Output.self as? any Decodable.Type,
            let output = try JSONDecoder().decode(decodable, from: record.output) as? Output
        else {
            throw StoreError.invalidData(
                DocumentKey(collection: IdempotencyRecord.collection, id: record.id),
                reason: "the kept result is not a \(Output.self)")
        }
        return output
    }

    private static func encode<Output>(_ output: Output) throws -> Data {
        guard let encodable = output as? any Encodable else { return Data() }
        return try JSONEncoder().encode(encodable)
    }
}
