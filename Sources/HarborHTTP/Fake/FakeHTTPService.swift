public import Foundation
import Synchronization

/// An ``HTTPService`` in memory, built from the same ``Endpoint`` declarations as the real
/// client: for tests and demos, with canned or computed responses, a delay and failure injection.
///
/// The Todos example's fake filters like its server (`Examples/Todos`):
///
/// ```swift
/// let fake = FakeHTTPService(delay: delay, baseURL: "fake://todos")
/// let stored = Mutex(todos)
/// fake.respond(to: TodoAPI.list) { call in
/// ```
///
/// and a test makes the next call of an endpoint fail:
///
/// ```swift
/// fake.inject(.status(503), into: TodoAPI.list)
/// ```
///
/// Guarantees: each call first waits the delay (cancellable: a cancelled task gets
/// ``HTTPServiceError/Kind/cancelled`` at once), then takes the oldest injected failure meant
/// for its endpoint (or for any), else asks the endpoint's responder. An endpoint without a
/// responder answers 404, as an unknown route would. Calls are recorded in ``calls``. The fake
/// does not retry: a use case sees each injected failure as the real client's retries would
/// have left it.
public final class FakeHTTPService: HTTPService {
    /// One call the fake answered, for tests to assert on.
    public struct RecordedCall: Sendable, Equatable {
        /// The endpoint's name, `GET /todos/{id}`.
        public let endpoint: String
        /// The path parameters given.
        public let pathParameters: [String: String]
        /// The query items given, the endpoint's own first.
        public let query: [URLQueryItem]
    }

    private struct State {
        var responders: [String: any Sendable] = [:]
        var failures: [(endpoint: String?, failure: FakeFailure)] = []
        var calls: [RecordedCall] = []
        var delay: Duration
    }

    private let state: Mutex<State>
    private let baseURL: String

    /// Creates a fake that waits `delay` before every answer.
    public init(delay: Duration = .zero, baseURL: String = "fake://service") {
        self.state = Mutex(State(delay: delay))
        self.baseURL = baseURL
    }

    /// The wait before every answer.
    public var delay: Duration {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }

    /// The calls answered so far, oldest first.
    public var calls: [RecordedCall] { state.withLock { $0.calls } }

    /// Answers `endpoint` with what `responder` computes from the call; a responder may throw a
    /// ``FakeFailure`` (or an ``HTTPServiceError``) to fail the call. Replaces an earlier responder.
    public func respond<Request, Response>(
        to endpoint: Endpoint<Request, Response>,
        with responder: @escaping @Sendable (EndpointCall<Request>) async throws -> Response
    ) {
        state.withLock { $0.responders[endpoint.name] = responder }
    }

    /// Answers every call of `endpoint` with `response`.
    public func respond<Request, Response>(to endpoint: Endpoint<Request, Response>, with response: Response) {
        respond(to: endpoint) { _ in response }
    }

    /// Makes the next `times` calls of `endpoint` fail with `failure`.
    public func inject<Request, Response>(
        _ failure: FakeFailure, into endpoint: Endpoint<Request, Response>, times: Int = 1
    ) {
        state.withLock { $0.failures += Array(repeating: (endpoint.name, failure), count: max(0, times)) }
    }

    /// Makes the next `times` calls, of any endpoint, fail with `failure`.
    public func inject(_ failure: FakeFailure, times: Int = 1) {
        state.withLock { $0.failures += Array(repeating: (nil, failure), count: max(0, times)) }
    }

    public func send<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ call: EndpointCall<Request>
    ) async throws(HTTPServiceError) -> Response {
        let url = describeURL(endpoint, call)
        func makeError(_ kind: HTTPServiceError.Kind) -> HTTPServiceError {
            HTTPServiceError(
                kind, method: endpoint.method, url: url, endpoint: endpoint.name, isIdempotent: endpoint.isIdempotent)
        }
        let delay = self.delay
        if delay > .zero {
            do { try await Task.sleep(for: delay) } catch { throw makeError(.cancelled) }
        }
        if Task.isCancelled { throw makeError(.cancelled) }
        let (failure, responder) = state.withLock { state in
            state.calls.append(
                RecordedCall(
                    endpoint: endpoint.name, pathParameters: call.pathParameters, query: endpoint.query + call.query))
            let index = state.failures.firstIndex { $0.endpoint == nil || $0.endpoint == endpoint.name }
            let failure = index.map { state.failures.remove(at: $0).failure }
            return (failure, state.responders[endpoint.name])
        }
        let timeout = endpoint.timeout ?? .seconds(30)
        if let failure { throw makeError(failure.kind(timeout: timeout)) }
        guard let responder = responder as? @Sendable (EndpointCall<Request>) async throws -> Response else {
            throw makeError(
                FakeFailure.status(404, body: "no fake responder for \(endpoint.name)").kind(timeout: timeout))
        }
        var full = call
        full.query = endpoint.query + call.query
        do {
            return try await responder(full)
        } catch let failure as FakeFailure {
            throw makeError(failure.kind(timeout: timeout))
        } catch let failure as HTTPServiceError {
            throw failure
        } catch is CancellationError {
            throw makeError(.cancelled)
        } catch let other {
            throw makeError(.invalidResponse(reason: "the fake responder failed: \(other)"))
        }
    }

    /// The URL a real client would have called, for errors.
    private func describeURL<Request, Response>(_ endpoint: Endpoint<Request, Response>, _ call: EndpointCall<Request>)
        -> String
    {
        let path = (try? endpoint.path.filled(with: call.pathParameters)) ?? endpoint.path.template
        let items = endpoint.query + call.query
        guard !items.isEmpty else { return baseURL + path }
        return baseURL + path + "?" + items.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
    }
}
