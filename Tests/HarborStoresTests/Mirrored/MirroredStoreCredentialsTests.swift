import Foundation
import Harbor
import HarborStores
import HarborTesting
import Synchronization
import Testing

/// A secondary that refuses the mirror's credentials is a configuration to fix, not an outage to
/// wait out.
@Suite("MirroredStore: refused credentials")
struct MirroredStoreCredentialsTests {
    /// A store that refuses every call with `unauthorized` while `refusing` is set.
    final class RefusingStore: ForwardingStore {
        let base: any Store = InMemoryStore()
        let refusing = Mutex(true)

        private func check() throws {
            if refusing.withLock({ $0 }) {
                throw StoreError.unauthorized(location: "http://secondary", reason: "HTTP 401: wrong token")
            }
        }

        func prepare(_ schema: CollectionSchema) async throws {
            try check()
            try await base.prepare(schema)
        }

        func replicate(_ writes: [ReplicatedWrite]) async throws {
            try check()
            try await base.replicate(writes)
        }
    }

    static let key = DocumentKey(collection: "orders", id: "1")

    @Test("prepare throws the secondary's refusal; the commit stands on the primary and waits; fixed, it is copied")
    func refusedSecondary() async throws {
        let (primary, secondary) = (InMemoryStore(), RefusingStore())
        let mirror = MirroredStore(
            primary: primary, secondary: secondary,
            configuration: MirroredStore.Configuration(
                secondaryBudget: .seconds(5), retry: Backoff(maxAttempts: .max, initialDelay: .seconds(600))))
        let error = await #expect(throws: StoreError.self) {
            try await mirror.prepare(CollectionSchema(name: "orders", indexedFields: []))
        }
        guard case .unauthorized(let location, _)? = error else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
        #expect(location == "http://secondary")
        _ = try await mirror.commit(ChangeSet(changes: [.insert(Self.key, body: Data("a".utf8), fields: [:])]))
        #expect(try await primary.document(at: Self.key)?.version == 1)
        await #expect(throws: StoreError.self) { _ = try await mirror.replayBacklog() }
        #expect(try await mirror.backlogCount() == 1)
        secondary.refusing.withLock { $0 = false }
        _ = try await mirror.replayBacklog()
        #expect(try await secondary.document(at: Self.key)?.version == 1)
        #expect(try await mirror.backlogCount() == 0)
    }
}
