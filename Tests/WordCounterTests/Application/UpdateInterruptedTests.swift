import Harbor
import HarborTesting
import Synchronization
import Testing
import WordCounter

/// A store whose commits fail as a full disk does, once `allowed` more commits went through.
final class FillingStore: ForwardingStore {
    let base: any Store = InMemoryStore()
    private let allowed = Mutex<Int?>(nil)

    /// From now on, lets `commits` more commits through, then fails every one.
    func fill(after commits: Int) { allowed.withLock { $0 = commits } }

    func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
        let fails = allowed.withLock { allowed -> Bool in
            guard let left = allowed else { return false }
            if left == 0 { return true }
            allowed = left - 1
            return false
        }
        if fails {
            throw StoreError.backend(
                location: "/data/db.sqlite", reason: "the disk is full: free some space and try again")
        }
        return try await base.commit(changeSet)
    }
}

@Suite("An update stopped partway says what it saved")
struct UpdateInterruptedTests {
    @Test("the disk fills after the recount was saved: the error says the recount was saved, and it was")
    func diskFillsPartway() async throws {
        let store = FillingStore()
        let fixture = Fixture(store: store)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(15))
        store.fill(after: 1)
        let error = try await #require(throws: UpdateInterrupted.self) { try await fixture.update() }
        #expect(error.recounted == 1)
        #expect(error.description.contains("the disk is full"))
        #expect(error.description.contains("Saved before that: 1 file recounted"), "\(error.description)")
        #expect(!error.description.contains("files/"))
        #expect(try await fixture.row("/n/a.md")?.words == 15)
    }

    @Test("nothing saved yet: the error is the store's own, not a claim that something was saved")
    func nothingSaved() async throws {
        let store = FillingStore()
        let fixture = Fixture(store: store)
        try fixture.disk.write("/n/a.md", contents: Fixture.words(10))
        try await fixture.track("/n")
        try fixture.disk.write("/n/a.md", contents: Fixture.words(15))
        store.fill(after: 0)
        await #expect(throws: StoreError.self) { try await fixture.update() }
    }
}
