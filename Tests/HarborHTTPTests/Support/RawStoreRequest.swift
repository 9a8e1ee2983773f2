import AsyncHTTPClient
import Foundation
import HarborHTTP
import NIOCore

/// One request to a store server without ``HTTPStore``: what a curl user or a broken client sends.
struct RawStoreRequest {
    struct Answer {
        let status: Int
        let body: String
        /// The response's header fields; `headers["content-type"]`, lowercased names.
        var headers: [String: String] = [:]

        /// The `error` member of a JSON error body, or nil when the body is not one.
        var errorKind: String? {
            let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
            return object?["error"] as? String
        }
    }

    static func send(
        _ method: HTTPMethod, _ url: URL, path: String, body: String? = nil, token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: url.absoluteString + path)
        request.method = .init(rawValue: method.rawValue)
        if let body {
            request.body = .bytes(ByteBuffer(string: body))
            request.headers.add(name: "Content-Type", value: "application/json")
        }
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let collected = try await response.body.collect(upTo: 1 << 20)
        var fields: [String: String] = [:]
        for (name, value) in response.headers { fields[name.lowercased()] = value }
        return Answer(status: Int(response.status.code), body: String(buffer: collected), headers: fields)
    }
}
