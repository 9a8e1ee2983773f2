import AsyncHTTPClient
import Foundation
import HarborHTTP
import Hummingbird
import Logging
import NIOCore
import NIOPosix

/// HarborHTTP against raw async-http-client on one loopback Hummingbird server, and how soon a
/// cancelled call's request is gone from the server's point of view.
enum HTTPBenchmark {
    struct ItemObject: Codable, Sendable {
        let userId: Int
        let id: Int
        let title: String
        let completed: Bool
    }

    static let items = Endpoint<NoContent, [ItemObject]>(.get, "/items")
    static let slow = Endpoint<NoContent, ItemObject>(.get, "/slow")

    static func run() async throws {
        try await serviceVersusRaw()
        try await cancellation()
        try await HTTPStoreBenchmark.findVersusRaw()
    }

    /// `http_service_vs_raw`: one typed call ÷ the same GET made with a raw request and `JSONDecoder`.
    static func serviceVersusRaw() async throws {
        let body = try JSONEncoder().encode(
            (1...20).map { ItemObject(userId: 1, id: $0, title: "item number \($0) to do", completed: $0 % 3 == 0) })
        let router = Router()
        router.get("items") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
        }
        let (ports, portContinuation) = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "bench")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in portContinuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger)
        let server = Task { try await app.runService(gracefulShutdownSignals: []) }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next(), let url = URL(string: "http://127.0.0.1:\(port)") else {
            server.cancel()
            return
        }
        let httpClient = HTTPServiceClient.makeHTTPClient()
        var configuration = HTTPServiceConfiguration(baseURL: url)
        configuration.logger.logLevel = .critical
        let service = HTTPServiceClient(configuration: configuration, httpClient: httpClient)
        let decoder = JSONDecoder()
        let calls = 200
        // Fair by construction: one HTTPClient (one connection pool, one configuration) for
        // both, the same server and body, default JSONDecoders on both sides, the same request
        // on the wire (the typed call sends `Accept: application/json`, so the raw one does
        // too), one warm-up pass each, and rounds that alternate which side goes first.
        let raw = {
            try await Measure.nanoseconds(operations: calls) {
                for _ in 0..<calls {
                    var request = HTTPClientRequest(url: "\(url.absoluteString)/items")
                    request.headers.add(name: "Accept", value: "application/json")
                    let response = try await httpClient.execute(request, timeout: .seconds(30))
                    guard response.status == .ok else { throw HTTPServiceBenchmarkError.status }
                    let bytes = try await response.body.collect(upTo: 16 << 20)
                    blackHole(try decoder.decode([ItemObject].self, from: bytes))
                }
            }
        }
        let typed = {
            try await Measure.nanoseconds(operations: calls) {
                for _ in 0..<calls { blackHole(try await service.call(items)) }
            }
        }
        _ = try await raw()
        _ = try await typed()  // warm both: connections made, code paged in
        // Pairs that alternate which side goes first, and the median of each pair's own ratio:
        // the machine is shared, and its load changes faster than a round of 200 calls.
        let (baseline, candidate, ratio) = try await Measure.paired(rounds: 21, baseline: raw, candidate: typed)
        Measure.report("http_raw_get_us", baseline / 1000, digits: 1)
        Measure.report("http_service_get_us", candidate / 1000, digits: 1)
        Measure.report("http_service_vs_raw", ratio)
        try await httpClient.shutdown()
        server.cancel()
        _ = await server.result
    }

    enum HTTPServiceBenchmarkError: Error { case status, noPort }

    /// `http_cancel_ms`: from `cancel()` on the calling task to the server seeing the connection
    /// close, over a request the server never answers; the median of 40.
    static func cancellation() async throws {
        let (closes, closed) = AsyncStream<ContinuousClock.Instant>.makeStream()
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(SilentHandler(arrived: arrived, closed: closed))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw HTTPServiceBenchmarkError.noPort
        }
        var configuration = HTTPServiceConfiguration(baseURL: url, retry: .never)
        configuration.logger.logLevel = .critical
        let service = HTTPServiceClient(configuration: configuration)
        var arrivalIterator = arrivals.makeAsyncIterator()
        var closeIterator = closes.makeAsyncIterator()
        var samples: [Double] = []
        for _ in 0..<40 {
            let call = Task { try await service.call(slow) }
            _ = await arrivalIterator.next()
            let start = ContinuousClock.now
            call.cancel()
            guard let end = await closeIterator.next() else { break }
            _ = await call.result
            let (seconds, attoseconds) = (end - start).components
            samples.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        }
        Measure.report("http_cancel_ms", Measure.median(samples), digits: 2)
        try await channel.close()
    }

    /// Reads a request and answers nothing; reports the request's arrival and the connection's close.
    final class SilentHandler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let arrived: AsyncStream<Void>.Continuation
        let closed: AsyncStream<ContinuousClock.Instant>.Continuation
        var seen = ""
        var reported = false

        init(arrived: AsyncStream<Void>.Continuation, closed: AsyncStream<ContinuousClock.Instant>.Continuation) {
            self.arrived = arrived
            self.closed = closed
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            seen += String(buffer: unwrapInboundIn(data))
            if !reported, seen.contains("\r\n\r\n") {
                reported = true
                arrived.yield()
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            closed.yield(ContinuousClock.now)
            context.fireChannelInactive()
        }
    }
}
