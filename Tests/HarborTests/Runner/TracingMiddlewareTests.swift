import Harbor
import InMemoryTracing
import Testing
import Tracing

@Suite("Tracing middleware")
struct TracingMiddlewareTests {
    struct Services: Sendable {}

    struct Inner: UseCase {
        func execute(in context: RunContext<Services>) async throws -> Int { 2 }
    }

    struct Outer: UseCase {
        let fails: Bool

        func execute(in context: RunContext<Services>) async throws -> Int {
            let inner = try await context.run(Inner())
            if fails { throw Failure() }
            return inner + 1
        }
    }

    struct Failure: Error {}

    @Test("a span per run, nested runs as children, with the run's attributes")
    func spans() async throws {
        let tracer = InMemoryTracer()
        let app = UseCaseRunner(services: Services(), middleware: [TracingMiddleware(tracer: tracer)])
        #expect(try await app.run(Outer(fails: false)) == 3)
        let spans = tracer.finishedSpans
        let outer = try #require(spans.first { $0.operationName == "Outer" })
        let inner = try #require(spans.first { $0.operationName == "Inner" })
        #expect(inner.parentSpanID == outer.spanID)
        #expect(inner.traceID == outer.traceID)
        #expect(outer.attributes["harbor.lane"]?.toSpanAttribute() == .string("serial"))
        #expect(outer.errors.isEmpty)
    }

    @Test("a failing run records its error on its span")
    func failure() async throws {
        let tracer = InMemoryTracer()
        let app = UseCaseRunner(services: Services(), middleware: [TracingMiddleware(tracer: tracer)])
        await #expect(throws: Failure.self) { try await app.run(Outer(fails: true)) }
        let outer = try #require(tracer.finishedSpans.first { $0.operationName == "Outer" })
        #expect(outer.errors.count == 1)
    }
}
