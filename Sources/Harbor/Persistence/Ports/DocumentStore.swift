/// The document port: documents by collection and key, with versions, committed atomically with
/// the events that go with them.
///
/// One of a store's two ports; the other is ``Outbox``, and a ``Store`` is both. Every adapter
/// (in memory, JSON files, SQLite, PostgreSQL, remote HTTP) satisfies the same contract, which
/// `HarborTesting`'s `StoreContract` checks:
/// - ``commit(_:)`` applies a change set atomically: every change and every event, or nothing.
/// - Versions start at 1 and grow by one per update. A stale version or a duplicate insert fails
///   the whole commit with a conflict (``StoreError/stale(_:expected:actual:)`` or
///   ``StoreError/duplicate(_:)``); nothing is written.
/// - A unique field (``CollectionSchema/uniqueFields``) never holds one non-null value in two
///   documents of a collection: a commit that would store one fails whole with
///   ``StoreError/duplicateValue(collection:field:value:)``. Values are checked change by change.
/// - A change set's ``ChangeSet/expectedReads`` are checked in the commit's transaction; one that
///   no longer holds fails the whole commit with a retryable conflict.
/// - Reads see only committed data.
/// - A sequence's ``nextValue(of:above:)`` is taken in a step of its own, outside every commit:
///   it never conflicts with a commit and is never rolled back.
///
/// A wrapper that changes only some calls conforms to ``ForwardingDocumentStore`` and writes
/// only those.
public protocol DocumentStore: Sendable {
    /// Declares a collection and the fields it indexes; idempotent, and cheap when nothing changed.
    /// A later schema adds fields and never drops one.
    /// - Throws: ``StoreError/invalidData(_:reason:)`` when a field made unique already holds one
    ///   value in two documents; nothing changes.
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

    /// Applies `changeSet` atomically and keeps its events in the store's ``Outbox``, at positions
    /// that grow in commit order and are never reused.
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

    /// The sequence's next value: one more than the greater of its last value and `floor`; a new
    /// sequence's last value is 0.
    ///
    /// Taken in an atomic step of its own, outside every commit, so it never conflicts with a
    /// unit of work and is never rolled back: a value taken by a unit of work that then fails is
    /// skipped. The values of one sequence are distinct and strictly increasing, in every process
    /// that shares the store; there may be gaps, never duplicates. Sequences are independent of
    /// each other and of documents.
    ///
    /// A store without a native counter gets a default implementation: a counter document in the
    /// reserved collection `harbor-sequences`, updated by versioned commits.
    /// - Parameters:
    ///   - sequence: the sequence's name: 1 to ``StoreLimits/maximumNameBytes`` bytes of UTF-8
    ///     without U+0000.
    ///   - floor: the value the result must exceed, 0 or more: start an order number at 10,000 with
    ///     a floor of 9,999. A floor below the last value changes nothing.
    /// - Returns: the value taken, from 1 to `Int64.max`.
    /// - Throws: ``StoreError/invalidInput(field:reason:)`` naming `sequence` for a name out of
    ///   bounds or a sequence whose next value would pass `Int64.max` (it is exhausted; nothing
    ///   changes), or naming `floor` for a negative floor.
    func nextValue(of sequence: String, above floor: Int64) async throws -> Int64
}
