import Foundation
import HarborHTTP
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import Synchronization

/// A real Hummingbird server on a loopback port picked by the system, answering ``ProbeAPI``'s
/// routes well and badly.
enum ProbeServer {
    /// Runs `body` with the base URL of a live server; the server stops when `body` returns.
    static func withServer<T: Sendable>(
        busyFailures: Int = 2, retryAfter: String = "2", _ body: @Sendable (URL) async throws -> T
    ) async throws -> T {
        let app = Application(router: router(busyFailures: busyFailures, retryAfter: retryAfter))
        return try await app.test(.live) { client in
            guard let port = client.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
                throw ProbeError.noPort
            }
            return try await body(url)
        }
    }

    enum ProbeError: Error { case noPort }

    static let items = [
        ItemObject(id: 1, title: "first", done: false), ItemObject(id: 2, title: "second", done: true),
    ]

    static func json(_ text: String, status: HTTPResponse.Status = .ok, contentType: String = "application/json")
        -> Response
    {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func encoded<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        json(String(decoding: try JSONEncoder().encode(value), as: UTF8.self), status: status)
    }

    static func router(busyFailures: Int, retryAfter: String) -> Router<BasicRequestContext> {
        let router = Router()
        let busyCalls = Mutex<[String: Int]>([:])
        router.get("items") { request, _ -> Response in
            let done = request.uri.queryParameters.get("done")
            return try encoded(items.filter { done == nil || "\($0.done)" == done })
        }
        router.get("items/:id") { _, context -> Response in
            let id = try context.parameters.require("id", as: Int.self)
            guard let item = items.first(where: { $0.id == id }) else {
                return json(#"{"error":"no item \#(id)"}"#, status: .notFound)
            }
            return try encoded(item)
        }
        router.post("items") { request, context -> Response in
            let new = try await request.decode(as: NewItemObject.self, context: context)
            return try encoded(ItemObject(id: 3, title: new.title, done: false), status: .created)
        }
        router.get("html") { _, _ in
            json("<html><body><h1>Gateway</h1></body></html>", contentType: "text/html; charset=utf-8")
        }
        router.get("truncated") { _, _ in json(#"{"id": 1, "title": "cut sho"#) }
        router.get("wrong-shape") { _, _ in json(#"[{"id": 1, "title": "a", "done": false}, {"id": 2, "done": true}]"#)
        }
        router.get("huge-error") { _, _ in
            Response(
                status: .internalServerError, headers: [.contentType: "text/plain"],
                body: ResponseBody(byteBuffer: ByteBuffer(repeating: UInt8(ascii: "x"), count: 10 << 20)))
        }
        let busy: @Sendable (String) throws -> Response = { key in
            let calls = busyCalls.withLock { calls in
                calls[key, default: 0] += 1
                return calls[key, default: 0]
            }
            guard calls > busyFailures else {
                return Response(
                    status: .serviceUnavailable, headers: [.retryAfter: retryAfter, .contentType: "text/plain"],
                    body: ResponseBody(byteBuffer: ByteBuffer(string: "busy, call \(calls)")))
            }
            return try encoded(ItemObject(id: calls, title: "after \(calls) calls", done: false))
        }
        router.get("busy/:key") { _, context in try busy(try context.parameters.require("key")) }
        router.post("busy/:key") { _, context in try busy(try context.parameters.require("key")) }
        router.get("rate-limited") { _, _ in
            Response(status: .tooManyRequests, headers: [.retryAfter: "120"], body: ResponseBody())
        }
        router.get("echo") { request, _ -> Response in
            let traceHeaders = request.headers.map(\.name.canonicalName).filter { $0.contains("trace") }
            return try encoded(
                EchoObject(
                    query: request.uri.query ?? "", authorization: request.headers[.authorization],
                    traceHeaders: traceHeaders))
        }
        return router
    }
}
