import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// An HTTP proxy on loopback that forwards every request to a server and passes its answer back,
/// except for the first `dropping` requests to one path: those it forwards, waits for the
/// server's answer, and then closes the client's connection without sending it. What a flaky
/// network does to a commit whose answer is lost after the server applied it.
final class LostAnswerProxy: Sendable {
    let url: URL
    private let channel: any Channel
    private let holder: StateHolder

    /// The paths forwarded so far, in order, dropped answers included.
    var forwarded: [String] { holder.state.withLock { $0.forwarded } }

    private init(url: URL, channel: any Channel, holder: StateHolder) {
        self.url = url
        self.channel = channel
        self.holder = holder
    }

    /// Starts a proxy to `upstream` that drops the answers of the first `dropping` requests to `path`.
    static func start(to upstream: URL, droppingAnswers dropping: Int, to path: String) async throws -> LostAnswerProxy
    {
        let holder = StateHolder(remaining: dropping)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        Handler(upstream: upstream, droppedPath: path, holder: holder))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port, let url = URL(string: "http://127.0.0.1:\(port)") else {
            throw ProxyError.noPort
        }
        return LostAnswerProxy(url: url, channel: channel, holder: holder)
    }

    func stop() async throws { try await channel.close() }

    enum ProxyError: Error { case noPort }

    /// The counter shared by every connection's handler.
    private final class StateHolder: Sendable {
        let state: Mutex<(remaining: Int, forwarded: [String])>
        init(remaining: Int) { state = Mutex((remaining, [])) }
    }

    private final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer

        let upstream: URL
        let droppedPath: String
        let holder: StateHolder
        var received: [UInt8] = []

        init(upstream: URL, droppedPath: String, holder: StateHolder) {
            self.upstream = upstream
            self.droppedPath = droppedPath
            self.holder = holder
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            received += buffer.readBytes(length: buffer.readableBytes) ?? []
            guard let request = ParsedRequest(received) else { return }
            received = Array(received.dropFirst(request.length))
            let drop = holder.state.withLock { state -> Bool in
                state.forwarded.append(request.path)
                guard request.path == droppedPath, state.remaining > 0 else { return false }
                state.remaining -= 1
                return true
            }
            let channel = context.channel
            let upstream = upstream
            Task {
                var outgoing = HTTPClientRequest(url: upstream.absoluteString + request.path)
                outgoing.method = .init(rawValue: request.method)
                for (name, value) in request.headers
                where !["host", "content-length", "connection"].contains(name.lowercased()) {
                    outgoing.headers.add(name: name, value: value)
                }
                outgoing.body = .bytes(ByteBuffer(bytes: request.body))
                do {
                    let response = try await HTTPClient.shared.execute(outgoing, timeout: .seconds(30))
                    let body = try await response.body.collect(upTo: 64 << 20)
                    if drop {
                        try await channel.close()
                        return
                    }
                    var head = "HTTP/1.1 \(response.status.code) \(response.status.reasonPhrase)\r\n"
                    for header in response.headers
                    where !["content-length", "connection", "transfer-encoding"].contains(header.name.lowercased()) {
                        head += "\(header.name): \(header.value)\r\n"
                    }
                    head += "Content-Length: \(body.readableBytes)\r\nConnection: close\r\n\r\n"
                    var answer = ByteBuffer(string: head)
                    answer.writeImmutableBuffer(body)
                    try await channel.writeAndFlush(answer)
                    try await channel.close()
                } catch {
                    try? await channel.close()
                }
            }
        }
    }

    /// One whole HTTP/1.1 request with a `Content-Length` body (what HTTPStore sends), or nil
    /// while it is incomplete.
    private struct ParsedRequest {
        let method: String
        let path: String
        let headers: [(String, String)]
        let body: [UInt8]
        let length: Int

        init?(_ bytes: [UInt8]) {
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else { return nil }
            let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            let requestLine = lines[0].split(separator: " ")
            guard requestLine.count >= 2 else { return nil }
            var headers: [(String, String)] = []
            var contentLength = 0
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = String(line[..<colon])
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                headers.append((name, value))
                if name.lowercased() == "content-length" { contentLength = Int(value) ?? 0 }
            }
            let bodyStart = end + separator.count
            guard bytes.count >= bodyStart + contentLength else { return nil }
            method = String(requestLine[0])
            path = String(requestLine[1])
            self.headers = headers
            body = Array(bytes[bodyStart..<(bodyStart + contentLength)])
            length = bodyStart + contentLength
        }
    }
}
