import Boxes
import Harbor
import HarborTesting
import Testing

// The example of docs/guide.md's "Testing your application", kept word for word so the guide
// shows code that runs.
@Test func provisioningAnItemReportsIt() async throws {
    let persistence = Persistence(store: InMemoryStore())
    let provisioning = BoxProvisioning(maximumItems: 10, makeID: numberedIDs())
    let app = UseCaseRunner(
        services: BoxesServices(persistence: persistence, provisioning: provisioning, storeDescription: "memory"))
    try await app.run(ProvisionBox(title: "Books"))
    let run = await RecordedRun.of(ProvisionItem(boxTitle: "Books", title: "Dune"), on: app, events: persistence.events)
    #expect(throws: Never.self) { try run.value }
    #expect(run.events(of: ItemProvisioned.self).map(\.title) == ["Dune"])
    #expect(run.failedHandlers.isEmpty)
}
