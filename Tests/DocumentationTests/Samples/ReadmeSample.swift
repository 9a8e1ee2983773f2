import Boxes
import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Logging
import Testing

/// The "Harbor in a minute" sample of README.md: `ProvisionBox` of Examples/Boxes, annotated.
@Suite("Sample: README")
struct ReadmeSample {
    struct ProvisionBox: UseCase {
        let title: String  // its input, nothing else: Hashable, so runs are logged and coalesced as data

        func execute(in context: RunContext<BoxesServices>) async throws {
            try await context.persistence.perform { unitOfWork in  // one atomic commit
                let boxes = unitOfWork.repository(Box.self)
                let (box, event) = try context.provisioning.provisionBox(titled: title, after: try await boxes.all())
                try boxes.add(box)
                try unitOfWork.record(event)  // published after the commit
            }
        }
    }

    /// Compiled, not run: it writes boxes.sqlite in the working folder.
    static func provisionBooks(logger: Logger) async throws -> Outline {
        let services = BoxesServices(
            persistence: Persistence(store: try SQLiteStore(path: "boxes.sqlite")),  // or JSONFileStore, InMemoryStore
            provisioning: BoxProvisioning { UUID().uuidString }, storeDescription: "boxes.sqlite")
        let app = UseCaseRunner(services: services, middleware: [LoggingMiddleware(logger: logger)])
        try await app.run(ProvisionBox(title: "Books"), until: .handled)  // and every event handler it triggered
        let outline = try await app.run(ShowOutline())  // a query: changes nothing
        return outline
    }

    @Test("the annotated ProvisionBox provisions like the example's")
    func provisionBox() async throws {
        let app = SampleBoxes.app()
        let recorder = EventRecorder(app.services.persistence.events)
        try await app.run(ProvisionBox(title: "Books"))
        #expect(try await app.run(ShowOutline()).lines == ["Books"])
        #expect(recorder.events(of: BoxProvisioned.self).map(\.title) == ["Books"])
    }
}
