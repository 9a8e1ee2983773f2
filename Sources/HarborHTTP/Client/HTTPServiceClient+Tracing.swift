import Tracing

extension HTTPServiceClient {
    /// Runs the call's attempts in a client span named after the endpoint, whose context the
    /// request carries in the tracer's headers.
    func traced<Request, Response, T: Tracer>(
        _ endpoint: Endpoint<Request, Response>, _ prepared: PreparedCall, tracer: T
    ) async throws(HTTPServiceError) -> Response {
        let span = tracer.startSpan(endpoint.name, ofKind: .client)
        defer { span.end() }
        span.attributes["http.request.method"] = endpoint.method.rawValue
        span.attributes["url.full"] = prepared.redactedURL
        span.attributes["url.template"] = endpoint.path.template
        var prepared = prepared
        var carrier: [String: String] = [:]
        tracer.inject(span.context, into: &carrier, using: HeaderInjector())
        for (name, value) in carrier { prepared.request.headers.replaceOrAdd(name: name, value: value) }
        do throws(HTTPServiceError) {
            let response = try await attempts(endpoint, prepared)
            return response
        } catch {
            span.attributes["harbor.http.attempts"] = Int64(error.attempts)
            if case .status(let failure) = error.kind {
                span.attributes["http.response.status_code"] = Int64(failure.status)
            }
            span.recordError(error)
            span.setStatus(SpanStatus(code: .error))
            throw error
        }
    }

    /// Writes a tracer's context into a dictionary of headers.
    struct HeaderInjector: Injector {
        func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
            carrier[key] = value
        }
    }
}
