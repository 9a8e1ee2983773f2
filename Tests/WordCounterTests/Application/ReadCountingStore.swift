import Harbor
import HarborTesting
import Synchronization

/// An in-memory store that counts the tracked-file documents it hands out with their bodies, so
/// a test can tell which use cases decode files and which read the index only.
final class ReadCountingStore: ForwardingStore {
    let base: any Store = InMemoryStore()
    private let reads = Atomic<Int>(0)

    /// Tracked-file documents read with their bodies so far.
    var fileBodiesRead: Int { reads.load(ordering: .relaxed) }

    func document(at key: DocumentKey) async throws -> StoredDocument? {
        let document = try await base.document(at: key)
        if key.collection == "files", document != nil { reads.add(1, ordering: .relaxed) }
        return document
    }

    func documents(matching query: DocumentQuery) async throws -> [StoredDocument] {
        let documents = try await base.documents(matching: query)
        if query.collection == "files" { reads.add(documents.count, ordering: .relaxed) }
        return documents
    }

}
