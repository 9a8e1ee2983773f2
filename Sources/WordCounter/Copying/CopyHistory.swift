import Foundation
public import Harbor

/// Copies the whole history — every tracked file and folder, every day's counts and adjustments,
/// the synced documents, projects, goals and settings — from the application's store to another one, then
/// checks that each collection holds as many records there as here.
///
/// The target must hold no history (``CopyError/targetNotEmpty(_:)``) unless `replacing`, which
/// removes what it holds first. Records are written in batches of 500, one transaction each, so a
/// copy that fails midway leaves a partial target: run it again with `replacing`. Each record's
/// version starts again at 1 in the target: a version is a store's own concurrency token, which
/// nothing outside that store holds. The outbox (events already delivered) is not copied.
/// Reports its progress through its run's context after each batch (the message names the
/// collection, and the counts are of that collection). Returns the count per collection, in the
/// order copied.
public struct CopyHistory: UseCase {
    /// What was copied of one collection.
    public struct Copied: Sendable, Equatable {
        /// The collection's name.
        public let collection: String
        /// How many records it holds in both stores.
        public let count: Int
    }

    /// Where the history goes: opened by the application's ``WordCounterServices/historyStores``.
    public let target: HistoryLocation
    /// Whether a target that holds a history has it removed first.
    public let replacing: Bool

    /// Creates the use case.
    public init(to target: HistoryLocation, replacing: Bool = false) {
        self.target = target
        self.replacing = replacing
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [Copied] {
        let source = context.services.persistence
        guard let stores = context.services.historyStores else { throw CopyError.noHistoryStores(target) }
        let target = try await stores.persistence(at: target)
        let progress: @Sendable (String, Int, Int) -> Void = { collection, done, total in
            context.reportProgress(completed: done, total: total, message: "copying \(collection)")
        }
        var held: [Copied] = []
        for kind in Self.kinds {
            let count = try await kind.count(target)
            if count > 0 { held.append(Copied(collection: kind.collection, count: count)) }
        }
        if !held.isEmpty {
            guard replacing else { throw CopyError.targetNotEmpty(held) }
            for kind in Self.kinds { try await kind.clear(target) }
        }
        var copied: [Copied] = []
        for kind in Self.kinds {
            try context.checkCancellation()
            let count = try await kind.copy(source, target, progress)
            let there = try await kind.count(target)
            guard there == count else {
                throw CopyError.countsDiffer(collection: kind.collection, source: count, target: there)
            }
            copied.append(Copied(collection: kind.collection, count: count))
        }
        return copied
    }

    /// Every collection of Word Counter, as functions on its aggregate type.
    static let kinds: [Kind] = [
        Kind(TrackedRoot.self), Kind(TrackedFile.self), Kind(DailyCount.self), Kind(DayAdjustment.self),
        Kind(SyncedDocument.self), Kind(Project.self), Kind(Goal.self), Kind(Settings.self), Kind(FileTarget.self),
        Kind(WritingChange.self),
    ]

    /// A collection's copy, count and clear, for one aggregate type.
    struct Kind: Sendable {
        let collection: String
        let count: @Sendable (Persistence) async throws -> Int
        let clear: @Sendable (Persistence) async throws -> Void
        let copy:
            @Sendable (Persistence, Persistence, @escaping @Sendable (String, Int, Int) -> Void) async throws -> Int

        init<A: Aggregate>(_ type: A.Type) {
            collection = A.collection
            count = { persistence in try await persistence.repository(A.self).count(Query<A>()) }
            clear = { persistence in
                let all = try await persistence.repository(A.self).all()
                for batch in all.chunked(into: 500) {
                    try await persistence.perform { unitOfWork in
                        let repository = unitOfWork.repository(A.self)
                        for record in batch {
                            if let current = try await repository.find(record.id) { try repository.remove(current) }
                        }
                    }
                }
            }
            copy = { source, target, progress in
                let all = try await source.repository(A.self).all()
                var done = 0
                for batch in all.chunked(into: 500) {
                    try await target.perform { unitOfWork in
                        let repository = unitOfWork.repository(A.self)
                        for record in batch { try repository.add(record) }
                    }
                    done += batch.count
                    progress(A.collection, done, all.count)
                }
                return all.count
            }
        }
    }
}
