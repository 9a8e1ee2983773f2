import Foundation
import HarborHTTP
import Testing

/// The fake answers the same endpoint declarations as the real client, with its delay and
/// the failures a test injects.
@Suite("FakeHTTPService")
struct FakeHTTPServiceTests {
    static func fake(delay: Duration = .zero) -> FakeHTTPService {
        let fake = FakeHTTPService(delay: delay)
        fake.respond(to: ProbeAPI.items) { call in
            ProbeServer.items.filter { item in call.queryValue("done").map { $0 == "\(item.done)" } ?? true }
        }
        fake.respond(to: ProbeAPI.item) { call in
            guard let item = ProbeServer.items.first(where: { "\($0.id)" == call.pathParameters["id"] }) else {
                throw FakeFailure.status(404, body: "no such item")
            }
            return item
        }
        return fake
    }

    @Test("computed responses see the call's query and path parameters")
    func computed() async throws {
        let fake = Self.fake()
        #expect(try await fake.call(ProbeAPI.items, query: [URLQueryItem(name: "done", value: "true")]).count == 1)
        #expect(try await fake.call(ProbeAPI.item, path: ["id": "2"]).title == "second")
        let error = await #expect(throws: HTTPServiceError.self) {
            try await fake.call(ProbeAPI.item, path: ["id": "7"])
        }
        guard case .status(let failure) = error?.kind else {
            Issue.record("expected a status, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 404)
        #expect(error?.url == "fake://service/items/7")
        #expect(fake.calls.map(\.endpoint) == ["GET /items", "GET /items/{id}", "GET /items/{id}"])
    }

    @Test("an endpoint without a responder answers 404")
    func noResponder() async throws {
        let error = await #expect(throws: HTTPServiceError.self) { try await FakeHTTPService().call(ProbeAPI.items) }
        guard case .status(let failure) = error?.kind else {
            Issue.record("expected a status, got \(String(describing: error))")
            return
        }
        #expect(failure.status == 404)
    }

    @Test("injected failures are used once each, oldest first, for their endpoint only")
    func injected() async throws {
        let fake = Self.fake()
        fake.inject(.timeout, into: ProbeAPI.item)
        fake.inject(.status(503, retryAfter: .seconds(1)), into: ProbeAPI.items)
        fake.inject(.drop)
        let first = await #expect(throws: HTTPServiceError.self) { try await fake.call(ProbeAPI.items) }
        #expect(first?.retryAfter == .seconds(1))
        #expect(first?.isRetryable == true)
        let second = await #expect(throws: HTTPServiceError.self) { try await fake.call(ProbeAPI.items) }
        guard case .transport = second?.kind else {
            Issue.record("expected the drop, got \(String(describing: second))")
            return
        }
        let third = await #expect(throws: HTTPServiceError.self) {
            try await fake.call(ProbeAPI.item, path: ["id": "1"])
        }
        guard case .timeout = third?.kind else {
            Issue.record("expected the timeout, got \(String(describing: third))")
            return
        }
        #expect(try await fake.call(ProbeAPI.item, path: ["id": "1"]).id == 1)
    }

    @Test("the delay is cancellable: a cancelled call ends as cancelled, unanswered")
    func delayCancellable() async throws {
        let fake = Self.fake(delay: .seconds(3600))
        let call = Task { try await fake.call(ProbeAPI.items) }
        call.cancel()
        let result = await call.result
        guard case .failure(let error as HTTPServiceError) = result, case .cancelled = error.kind else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(fake.calls.isEmpty)
    }
}
