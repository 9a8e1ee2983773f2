import Harbor
import HarborTestSupport
import Testing

@Suite("Environments")
struct EnvironmentTests {
    @Test("the flag wins over the variable, which wins over the fallback")
    func resolution() {
        let variables = ["APP_ENV": "Development"]
        #expect(EnvironmentName.resolve(flag: "fake", variable: "APP_ENV", processEnvironment: variables) == .fake)
        #expect(EnvironmentName.resolve(flag: nil, variable: "APP_ENV", processEnvironment: variables) == .development)
        #expect(EnvironmentName.resolve(flag: nil, variable: "APP_ENV", processEnvironment: [:]) == .production)
        #expect(EnvironmentName.resolve(flag: "", processEnvironment: [:], fallback: "staging") == "staging")
    }

    struct Services: Sendable { let label: String }

    struct Builder: ServiceBuilder {
        let label: String
        func build() async throws -> Services { Services(label: label) }
    }

    /// Reads the environment's label from the services, as `context.label`.
    struct ReadLabel: UseCase {
        func execute(in context: RunContext<Services>) async throws -> String { context.label }
    }

    @Test("a composition root composes the application of the chosen environment, with its middleware")
    func application() async throws {
        let root = CompositionRoot<Services>([.production: Builder(label: "real"), .fake: Builder(label: "fake")])
        let trace = Collected<String>()
        let app = try await root.application(for: .fake, middleware: [Tracing(name: "tracing", trace: trace)])
        #expect(app.services.label == "fake")
        #expect(try await app.run(ReadLabel()) == "fake")
        #expect(trace.values == ["tracing in", "tracing out"])
        await #expect(throws: UnknownEnvironment.self) { try await root.application(for: "staging") }
    }

    @Test("a composition root builds the services of the chosen environment")
    func compositionRoot() async throws {
        let root = CompositionRoot<Services>([.production: Builder(label: "real"), .fake: Builder(label: "fake")])
        #expect(try await root.services(for: .fake).label == "fake")
        #expect(try await root.services(for: .production).label == "real")
        await #expect(throws: UnknownEnvironment(name: "staging", known: [.fake, .production])) {
            try await root.services(for: "staging")
        }
    }
}
