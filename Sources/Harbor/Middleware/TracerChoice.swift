package import Tracing

/// Where Harbor's own spans (units of work, outbox deliveries) go: a tracer given explicitly,
/// else the bootstrapped one — and nowhere, at no cost, when neither exists.
package enum TracerChoice {
    /// Runs `body` in a span named `name` on `tracer`, or on the bootstrapped tracer; runs it bare
    /// when no tracer is bootstrapped, so tracing costs nothing until an executable asks for it.
    nonisolated(nonsending)
        package static func withSpan<T>(
            _ name: String, tracer: (any Tracer)?, attributes: [String: String] = [:],
            _ body: () async throws -> T
        ) async throws -> T
    {
        // Nothing bootstrapped: a check of the instrument's type, where asking for the tracer casts it
        // to `any Tracer`, which costs a search of every protocol conformance in the program.
        if tracer == nil && InstrumentationSystem.instrument is NoOpInstrument { return try await body() }
        let chosen: any Tracer = tracer ?? InstrumentationSystem.tracer
        if chosen is NoOpTracer { return try await body() }
        return try await span(name, on: chosen, attributes: attributes, body)
    }

    nonisolated(nonsending)
        private static func span<T, Chosen: Tracer>(
            _ name: String, on tracer: Chosen, attributes: [String: String], _ body: () async throws -> T
        ) async throws -> T
    {
        let span = tracer.startSpan(name, ofKind: .internal)
        defer { span.end() }
        for (key, value) in attributes { span.attributes[key] = value }
        do {
            return try await InstrumentationContext.$current.withValue(span.context) { try await body() }
        } catch {
            span.recordError(error)
            throw error
        }
    }
}
