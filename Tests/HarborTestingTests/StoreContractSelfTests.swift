import Harbor
import HarborTesting
import Testing

/// The contract must fail stores that break it, or it proves nothing.
@Suite("Store contract catches broken stores")
struct StoreContractSelfTests {
    func check(named name: String) throws -> StoreContract.Check {
        try #require(StoreContract.checks().first { $0.name == name })
    }

    @Test("a store that overwrites stale versions fails the stale-update and race checks")
    func lostUpdates() async throws {
        for name in [
            "a stale update fails with the expected and actual versions and writes nothing",
            "a delete with a stale version fails and writes nothing",
            "concurrent updates from the same version: exactly one wins, the others are stale",
        ] {
            let violation = await #expect(throws: ContractViolation.self, "\(name)") {
                try await check(named: name).run { OverwritingStore() }
            }
            #expect(violation?.check == name)
            #expect(violation?.description.contains(name) == true)
            #expect(violation?.fileID.hasPrefix("HarborTesting/") == true)
        }
    }

    @Test("a store that commits change by change fails the atomicity check")
    func notAtomic() async throws {
        let name = "a multi-document commit whose last change conflicts writes nothing and stores no events"
        await #expect(throws: ContractViolation.self) {
            try await check(named: name).run { PiecemealStore() }
        }
    }

    @Test("a store whose outbox loses positions fails outbox checks and passes every document check")
    func brokenOutboxOnly() async throws {
        var failedOutboxChecks: [String] = []
        for check in StoreContract.checks(of: .outbox) {
            do {
                try await check.run { ForgetfulOutboxStore() }
            } catch is ContractViolation {
                failedOutboxChecks.append(check.name)
            }
        }
        #expect(failedOutboxChecks.contains("subscriber positions start at 0, persist and are independent"))
        for check in StoreContract.checks(of: .documents) {
            try await check.run { ForgetfulOutboxStore() }
        }
        let ports = StoreContract.checks().map(\.port)
        #expect(ports.filter { $0 == .documents }.count == StoreContract.checks(of: .documents).count)
        #expect(ports.filter { $0 == .outbox }.count == StoreContract.checks(of: .outbox).count)
        #expect(Set(ports) == Set(StoreContract.Port.allCases))
    }

    @Test("a correct store passes the same checks")
    func correctStorePasses() async throws {
        for name in [
            "a stale update fails with the expected and actual versions and writes nothing",
            "a multi-document commit whose last change conflicts writes nothing and stores no events",
        ] {
            try await check(named: name).run { InMemoryStore() }
        }
    }

    @Test("InMemoryStore forgets everything when reopened, so the durability checks fail it")
    func durabilityNeedsDurableStorage() async throws {
        for check in StoreContract.durabilityChecks() {
            await #expect(throws: ContractViolation.self, "\(check.name)") {
                try await check.run { InMemoryStore() }
            }
        }
    }
}
