import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// A stand-in for an OpenTelemetry collector, on a loopback port the system picks: it accepts
/// OTLP/HTTP exports (`POST /v1/traces`, `/v1/metrics`, `/v1/logs`), answers each as a collector
/// does (`200`, an empty protobuf response), and hands each to ``exports``.
///
/// Point a process at it with `OTEL_EXPORTER_OTLP_ENDPOINT=` ``endpoint``, then await what it
/// sends with ``exports(to:within:until:)``.
public final class CollectorStandIn: Sendable {
    /// One export request, as it arrived.
    public struct Export: Sendable {
        /// The request's path: `/v1/traces` for spans.
        public let path: String
        /// Its `Content-Type`: `application/x-protobuf` for OTLP/HTTP's binary encoding.
        public let contentType: String?
        /// Its body: an `ExportTraceServiceRequest` in protobuf for spans.
        public let body: [UInt8]

        /// Whether `text` appears in the body as UTF-8: protobuf keeps strings (span names,
        /// `service.name`) as they are, so a span's name can be found without decoding.
        public func contains(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            guard !needle.isEmpty, body.count >= needle.count else { return false }
            return (0...(body.count - needle.count)).contains { start in
                body[start..<(start + needle.count)].elementsEqual(needle)
            }
        }
    }

    /// Thrown by ``exports(to:within:until:)`` when what it awaits does not arrive in time.
    public struct NoExport: Error, CustomStringConvertible {
        public let description: String
    }

    /// `http://127.0.0.1:PORT`, the value for `OTEL_EXPORTER_OTLP_ENDPOINT`.
    public let endpoint: String
    private let exports: AsyncStream<Export>
    private let group: ServiceGroup
    private let run: Task<Void, any Error>

    private init(endpoint: String, exports: AsyncStream<Export>, group: ServiceGroup, run: Task<Void, any Error>) {
        self.endpoint = endpoint
        self.exports = exports
        self.group = group
        self.run = run
    }

    /// Starts a stand-in; returns once it accepts connections.
    public static func start() async throws -> CollectorStandIn {
        let (exports, exported) = AsyncStream.makeStream(of: Export.self)
        let router = Router()
        router.post("v1/:signal") { request, _ -> Response in
            let body = try await request.body.collect(upTo: 16 << 20)
            exported.yield(
                Export(
                    path: request.uri.path, contentType: request.headers[.contentType],
                    body: Array(body.readableBytesView)))
            return Response(status: .ok, headers: [.contentType: "application/x-protobuf"])
        }
        let (ports, portFound) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "collector-stand-in")
        logger.logLevel = .warning
        let application = Application(
            router: router, configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portFound.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        let run = Task {
            defer { portFound.finish() }
            try await group.run()
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            run.cancel()
            throw NoExport(description: "the collector stand-in did not listen")
        }
        return CollectorStandIn(endpoint: "http://127.0.0.1:\(port)", exports: exports, group: group, run: run)
    }

    /// The exports to `path` received until those received so far satisfy `enough`, awaited for
    /// at most `deadline`. Call it once: the exports it reads are not handed out again.
    /// - Throws: ``NoExport`` when `enough` is not met in time.
    public func exports(
        to path: String = "/v1/traces", within deadline: Duration = .seconds(60),
        until enough: @escaping @Sendable ([Export]) -> Bool
    ) async throws -> [Export] {
        let exports = exports
        return try await withThrowingTaskGroup(of: [Export]?.self) { group in
            group.addTask {
                var received: [Export] = []
                for await export in exports where export.path == path {
                    received.append(export)
                    if enough(received) { return received }
                }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: deadline)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let received = first else {
                throw NoExport(
                    description: "the exports to \(path) that were awaited did not arrive within \(deadline)")
            }
            return received
        }
    }

    /// Stops listening and waits until it has.
    public func stop() async throws {
        await group.triggerGracefulShutdown()
        try await run.value
    }
}
