import Boxes
import Harbor
import Logging
import Testing

/// The sample of `UseCaseRunner`'s doc comment.
@Suite("Sample: UseCaseRunner")
struct UseCaseRunnerSample {
    static func provision(services: BoxesServices, logger: Logger) async throws -> Outline {
        let app = UseCaseRunner(services: services, middleware: [LoggingMiddleware(logger: logger)])
        try await app.run(ProvisionBox(title: "Books"), until: .handled)  // and the handlers it triggered
        let outline = try await app.run(ShowOutline())
        let handle = app.submit(ProvisionBox(title: "Tools"))  // takes its place in line now
        handle.cancel()
        return outline
    }

    @Test("runs a command and a query, submits one and cancels it")
    func sample() async throws {
        let outline = try await Self.provision(services: SampleBoxes.services(), logger: Logger(label: "sample"))
        #expect(outline.lines == ["Books"])
    }
}
