import NIOCore
import NIOPosix

/// A TCP server on loopback that speaks just enough HTTP to misbehave on purpose, and reports
/// what it sees: a request arriving, a connection closing.
final class RawLoopbackServer: Sendable {
    /// What the server does once a request's head has arrived.
    enum Behaviour: Sendable {
        /// Answers nothing, ever: a server that is slow beyond any timeout.
        case neverAnswer
        /// Sends a 200 head announcing 100 bytes, 10 of them, then closes the connection.
        case closeMidResponse
    }

    /// What the server saw, in order.
    enum Event: Sendable, Equatable {
        case requestReceived
        case connectionClosed
    }

    let port: Int
    let events: AsyncStream<Event>
    private let channel: any Channel

    private init(port: Int, events: AsyncStream<Event>, channel: any Channel) {
        self.port = port
        self.events = events
        self.channel = channel
    }

    /// Starts a server on 127.0.0.1 with a port the system picks.
    static func start(_ behaviour: Behaviour) async throws -> RawLoopbackServer {
        let (events, continuation) = AsyncStream<Event>.makeStream()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        Handler(behaviour: behaviour, continuation: continuation))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw ServerError.noPort }
        return RawLoopbackServer(port: port, events: events, channel: channel)
    }

    /// Stops listening; open connections stay until their peer closes them.
    func stop() async throws {
        try await channel.close()
    }

    enum ServerError: Error { case noPort }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let behaviour: Behaviour
        let continuation: AsyncStream<Event>.Continuation
        var received = ""
        var answered = false

        init(behaviour: Behaviour, continuation: AsyncStream<Event>.Continuation) {
            self.behaviour = behaviour
            self.continuation = continuation
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received += String(buffer: buffer)
            guard !answered, received.contains("\r\n\r\n") else { return }
            answered = true
            continuation.yield(.requestReceived)
            switch behaviour {
            case .neverAnswer:
                break
            case .closeMidResponse:
                let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: head + #"{"id": 1, "#)), promise: nil)
                context.close(promise: nil)
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            continuation.yield(.connectionClosed)
            context.fireChannelInactive()
        }
    }
}
