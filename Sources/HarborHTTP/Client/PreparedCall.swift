import AsyncHTTPClient
import Foundation
import NIOCore

/// A call made into a request once, before the first attempt: the URL, and the request
/// async-http-client sends (body encoded, headers merged).
struct PreparedCall: Sendable {
    var request: HTTPClientRequest
    let url: URL
    let redaction: HTTPRedaction
    let method: HTTPMethod
    let isIdempotent: Bool

    /// The URL with its secrets redacted, for errors, logs and spans. Computed when one of them
    /// asks, not per call: parsing the URL again costs more than a successful call needs.
    var redactedURL: String { redaction.redact(url) }

    /// An error about this call.
    func error<Request, Response>(
        _ kind: HTTPServiceError.Kind, endpoint: Endpoint<Request, Response>, attempts: Int = 1
    ) -> HTTPServiceError {
        HTTPServiceError(
            kind, method: method, url: redactedURL, endpoint: endpoint.name, attempts: attempts,
            isIdempotent: isIdempotent)
    }
}

extension HTTPServiceClient {
    /// The request for `call` of `endpoint`.
    /// - Throws: ``HTTPServiceError/Kind/invalidRequest(reason:)`` for a missing path parameter, a
    ///   URL that does not form or a body that does not encode.
    func prepare<Request, Response>(
        _ endpoint: Endpoint<Request, Response>, _ call: EndpointCall<Request>
    ) throws(HTTPServiceError) -> PreparedCall {
        let base = configuration.baseURL
        func failure(_ reason: String, url: String) -> HTTPServiceError {
            HTTPServiceError(
                .invalidRequest(reason: reason), method: endpoint.method, url: url, endpoint: endpoint.name,
                isIdempotent: endpoint.isIdempotent)
        }
        let path: String
        do {
            path = try endpoint.path.filled(with: call.pathParameters)
        } catch {
            throw failure(error.description, url: configuration.redaction.redact(base) + endpoint.path.template)
        }
        guard var components = baseComponents else {
            throw failure("the base URL \(base) does not parse", url: configuration.redaction.redact(base))
        }
        let basePath =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = basePath + path
        let items = endpoint.query + call.query
        if !items.isEmpty { components.queryItems = (components.queryItems ?? []) + items }
        guard let url = components.url else {
            throw failure("the URL does not form", url: configuration.redaction.redact(base) + path)
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .init(rawValue: endpoint.method.rawValue)
        request.headers.add(name: "Accept", value: "application/json")
        if !(call.body is NoContent) {
            do {
                let body = try configuration.encoder.encode(call.body)
                request.body = .bytes(ByteBuffer(bytes: body))
                request.headers.add(name: "Content-Type", value: "application/json")
            } catch {
                throw failure(
                    "the request body does not encode as JSON: \(error)", url: configuration.redaction.redact(url))
            }
        }
        for (name, value) in configuration.headers where call.headers[name] == nil {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        for (name, value) in call.headers {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        return PreparedCall(
            request: request, url: url, redaction: configuration.redaction, method: endpoint.method,
            isIdempotent: endpoint.isIdempotent)
    }
}
