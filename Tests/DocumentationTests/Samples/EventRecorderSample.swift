import Boxes
import Harbor
import HarborTesting
import Testing

/// The sample of `EventRecorder`'s doc comment.
@Suite("Sample: EventRecorder")
struct EventRecorderSample {
    @Test("records the events a command's unit of work published")
    func sample() async throws {
        let app = SampleBoxes.app()
        let recorder = EventRecorder(app.services.persistence.events)
        try await app.run(ProvisionBox(title: "Books"))
        #expect(recorder.events(of: BoxProvisioned.self).map(\.title) == ["Books"])
    }
}
