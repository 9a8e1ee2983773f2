import HarborTestSupport
import HarborTesting
import Logging
import Testing

@testable import Harbor

/// An error the domain raises on purpose.
private struct UnknownSKU: ExpectedError, Hashable {
    let sku: String
}

/// The sample of ``ExpectedError``'s documentation.
struct InvalidSKU: ExpectedError {
    let sku: String
}

/// An error that is expected only in one of its cases.
private enum StockError: ExpectedError {
    case outOfStock, corrupted

    var isExpected: Bool { self == .outOfStock }
}

/// What the bus's error handler is told about a failure, and the level failures are logged at.
@Suite("Event bus: failure reports")
struct HandlerFailureReportTests {
    @Test("an asynchronous handler's failure reaches the error handler with the handler's name")
    func asyncHandlerName() async throws {
        let reports = Collected<String>()
        let bus = EventBus { error, event, handler in
            reports.append("\(handler) failed on \(type(of: event).eventName): \(error)")
        }
        bus.handle(NoteAdded.self, name: "search index", retry: .never) { _ in throw HandlerFailure() }
        bus.handle(NoteAdded.self, retry: .never) { _ in throw UnknownSKU(sku: "x") }
        bus.publish(NoteAdded(text: "a"))
        await bus.waitForHandlers()
        #expect(
            Set(reports.values) == [
                "search index failed on test.note-added: HandlerFailure()",
                "NoteAdded handler failed on test.note-added: UnknownSKU(sku: \"x\")",
            ])
    }

    @Test("a subscriber's failure names the subscriber, by default after its event type")
    func subscriberName() {
        let reports = Collected<String>()
        let bus = EventBus { _, _, handler in reports.append(handler) }
        let unnamed = bus.subscribe(to: NoteAdded.self) { _ in throw HandlerFailure() }
        let all = bus.subscribeToAll(name: "audit") { _ in throw HandlerFailure() }
        bus.publish(NoteAdded(text: "a"))
        #expect(reports.values == ["NoteAdded subscriber", "audit"])
        _ = (unnamed, all)
    }

    @Test("expected errors and cancellations are logged below error; others at error")
    func levels() {
        #expect(Logger.Level.failure(UnknownSKU(sku: "x")) == .notice)
        #expect(Logger.Level.failure(InvalidSKU(sku: "x")) == .notice)
        #expect(Logger.Level.failure(StockError.outOfStock) == .notice)
        #expect(Logger.Level.failure(StockError.corrupted) == .error)
        #expect(Logger.Level.failure(CancellationError()) == .debug)
        #expect(Logger.Level.failure(HandlerFailure()) == .error)
    }

    @Test("the logging middleware logs an expected failure at notice")
    func loggingMiddleware() async throws {
        let lines = Collected<(Logger.Level, String, Logger.Metadata)>()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let app = RunnerServices.application(middleware: [LoggingMiddleware(logger: logger, level: .info)])
        await #expect(throws: UnknownSKU.self) { try await app.run(Throwing(error: UnknownSKU(sku: "x"))) }
        #expect(lines.values.last?.0 == .notice)
        #expect(lines.values.last?.1.hasPrefix("failed") == true)
    }
}

/// A use case that fails with the error it is given.
private struct Throwing: UseCase {
    let error: UnknownSKU

    func execute(in context: RunContext<RunnerServices>) async throws -> Int {
        throw error
    }
}
