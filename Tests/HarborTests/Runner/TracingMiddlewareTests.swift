import Harbor
import HarborRelay
import InMemoryTracing
import Synchronization
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

    struct Saved: DomainEvent {
        let value: Int
    }

    struct TracedServices: Sendable {
        let persistence: Persistence
    }

    struct Save: UseCase {
        func execute(in context: RunContext<TracedServices>) async throws {
            try await context.persistence.perform { unitOfWork in try unitOfWork.record(Saved(value: 1)) }
        }
    }

    @Test("a unit of work is a child span of its run, and an outbox delivery a span of its own")
    func unitOfWorkAndDelivery() async throws {
        let tracer = InMemoryTracer()
        let store = InMemoryStore()
        let persistence = Persistence(store: store, tracer: tracer)
        let app = UseCaseRunner(
            services: TracedServices(persistence: persistence), middleware: [TracingMiddleware(tracer: tracer)])
        try await app.run(Save())
        let run = try #require(tracer.finishedSpans.first { $0.operationName == "Save" })
        let unitOfWork = try #require(tracer.finishedSpans.first { $0.operationName == "unit of work" })
        #expect(unitOfWork.parentSpanID == run.spanID)

        let received = Mutex<[Int64]>([])
        let subscriber = DurableSubscriber(name: "projector")
            .on(Saved.self) { _, position in received.withLock { $0.append(position) } }
        let relay = OutboxRelay(store: store, subscribers: [subscriber], tracer: tracer)
        #expect(await relay.deliverPending() == 1)
        let delivery = try #require(tracer.finishedSpans.first { $0.operationName == "deliver \(Saved.eventName)" })
        #expect(delivery.attributes["harbor.subscriber"]?.toSpanAttribute() == .string("projector"))
        #expect(received.withLock { $0 } == [1])
    }

    @Test("without a tracer, units of work run bare")
    func noTracer() async throws {
        let persistence = Persistence(store: InMemoryStore())
        let value = try await persistence.perform { _ in 42 }
        #expect(value == 42)
    }
}
