/// The persistence port: documents by collection and key with versions, and an outbox of events.
///
/// Every adapter (in memory, JSON files, SQLite, PostgreSQL, remote HTTP) satisfies the same
/// contract, which `HarborTesting`'s `StoreContract` checks:
/// - ``commit(_:)`` applies a change set atomically: every change and every event, or nothing.
/// - Versions start at 1 and grow by one per update. A stale version or a duplicate insert fails
///   the whole commit with a conflict (``StoreError/stale(_:expected:actual:)`` or
///   ``StoreError/duplicate(_:)``); nothing is written.
/// - A unique field (``CollectionSchema/uniqueFields``) never holds one non-null value in two
///   documents of a collection: a commit that would store one fails whole with
///   ``StoreError/duplicateValue(collection:field:value:)``. Values are checked change by change.
/// - A change set's ``ChangeSet/expectedReads`` are checked in the commit's transaction; one that
///   no longer holds fails the whole commit with a retryable conflict.
/// - Events get outbox positions that grow in commit order and are never reused.
/// - Reads see only committed data.
public protocol Store: Sendable {
    /// Declares a collection and the fields it indexes; idempotent, and cheap when nothing changed.
    func prepare(_ schema: CollectionSchema) async throws

    /// The document at `key`, or nil.
    func document(at key: DocumentKey) async throws -> StoredDocument?

    /// The documents a query selects, filtered, ordered and limited by the store.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a field the collection does not index.
    func documents(matching query: DocumentQuery) async throws -> [StoredDocument]

    /// How many documents ``documents(matching:)`` would return for `query`, without reading them.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a field the collection does not index.
    func count(matching query: DocumentQuery) async throws -> Int

    /// The key, version and indexed fields of the documents a query selects, in its order, without
    /// their bodies.
    /// - Throws: ``StoreError/unknownField(collection:field:)`` for a field the collection does not index.
    func indexEntries(matching query: DocumentQuery) async throws -> [IndexEntry]

    /// Applies `changeSet` atomically and keeps its events in the outbox.
    /// - Throws: a conflict, in which case nothing was written.
    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt

    /// Copies documents from another store as they are there: each ``ReplicatedWrite/put(_:)``
    /// stores body, fields and version exactly as given, replacing what is there without a version
    /// check, and each ``ReplicatedWrite/delete(_:)`` removes a document if there is one.
    ///
    /// Atomic like a commit: every write or none. Unique fields are still enforced
    /// (``StoreError/duplicateValue(collection:field:value:)``, nothing written), and commit signals
    /// are given as for a commit. It writes no event. A later commit that expects a replicated
    /// version succeeds. For mirrors, backfills and local caches, never for a unit of work.
    func replicate(_ writes: [ReplicatedWrite]) async throws

    /// Up to `limit` outbox events with positions greater than `position`, in position order.
    func events(after position: Int64, limit: Int) async throws -> [StoredEvent]

    /// The last position a durable subscriber has processed, or 0.
    func position(ofSubscriber name: String) async throws -> Int64

    /// Records that a durable subscriber has processed every event up to `position`.
    func setPosition(_ position: Int64, ofSubscriber name: String) async throws

    /// Deletes outbox events at or before `position`; returns how many were deleted.
    func pruneEvents(through position: Int64) async throws -> Int

    /// Every durable subscriber with a stored position, and that position.
    func subscriberPositions() async throws -> [String: Int64]

    /// Keeps `letter` in its subscriber's dead-letter list, replacing one kept for the same position.
    func addDeadLetter(_ letter: DeadLetter) async throws

    /// The dead letters of the durable subscriber `name`, in position order; they survive reopening.
    func deadLetters(ofSubscriber name: String) async throws -> [DeadLetter]

    /// Removes the dead letter of subscriber `name` at `position`; returns whether there was one.
    func removeDeadLetter(at position: Int64, ofSubscriber name: String) async throws -> Bool

    /// Signals that something may have been committed to the store, by this process or another,
    /// or nil when the store cannot tell (its readers then poll).
    ///
    /// A signal may be spurious, and several commits may give one signal; what matters is that a
    /// commit is followed by a signal. Each call returns a new stream; dropping it stops watching.
    func commitSignals() -> AsyncStream<Void>?
}
