import Boxes
import Harbor
import HarborTesting
import Testing

// The example of docs/guide.md's "Testing your application", kept word for word so the guide
// shows code that runs.
@Test func provisioningAnItemReportsIt() async throws {
    let persistence = Persistence(store: InMemoryStore())
    let provisioning = BoxProvisioning(maximumItems: 10, makeID: numberedIDs())
    let runner = UseCaseRunner()
    try await runner.run(ProvisionBox(title: "Books", persistence: persistence, provisioning: provisioning))
    let run = await RecordedRun.of(
        ProvisionItem(title: "Dune", boxTitle: "Books", persistence: persistence, provisioning: provisioning),
        on: runner, events: persistence.events)
    #expect(throws: Never.self) { try run.value }
    #expect(run.events(of: ItemProvisioned.self).map(\.title) == ["Dune"])
}
