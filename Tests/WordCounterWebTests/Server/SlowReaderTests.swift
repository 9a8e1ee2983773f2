import Foundation
import Logging
import Testing
import WordCounterWeb

@Suite("Server: clients that ask and never read")
struct SlowReaderTests {
    /// A pipelined burst of `count` requests for the dashboard on one connection.
    static func pipelinedPages(_ count: Int) -> String {
        String(repeating: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", count: count)
    }

    /// 300 tracked files: each dashboard answer is tens of kilobytes, more than a stalled
    /// connection's buffers hold.
    static func library() async throws -> WebFixture {
        try await FilePagingTests.library(300)
    }

    @Test("fifty connections that pipeline five pages each and read none do not stop another client")
    func fiftySlowReaders() async throws {
        let fixture = try await Self.library()
        try await fixture.withLiveServer { port in
            let deadline = ContinuousClock.now + .seconds(60)
            var slow: [RawConnection] = []
            for _ in 0..<50 {
                let connection = try RawConnection(port: port, receiveBuffer: 4096)
                try connection.send(Self.pipelinedPages(5))
                slow.append(connection)
            }
            // Another client is answered, on a new connection, while all fifty hold theirs.
            let other = try RawConnection(port: port)
            try other.send(
                "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    + "GET /api/summary HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await other.read(until: #""today":"#, deadline: deadline)
            #expect(other.received.hasPrefix("HTTP/1.1 200"))
            #expect(other.received.contains("ok\n"))
            let page = try RawConnection(port: port)
            try page.send("GET /?q=chapter-2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            try await page.readUntilClosed(deadline: deadline)
            #expect(page.received.hasPrefix("HTTP/1.1 200"))
            #expect(page.received.contains("</html>"))
            for connection in slow { connection.close() }
        }
    }

    @Test("a connection that leaves its answers unread is closed after the write timeout")
    func writeTimeout() async throws {
        let fixture = WebFixture(writeTimeout: .milliseconds(300))
        for index in 0..<300 {
            try fixture.disk.write("/home/writer/novel/chapter-\(index).md", contents: "one two")
        }
        try await fixture.track("/home/writer/novel")
        let (messages, continuation) = AsyncStream.makeStream(of: String.self)
        let logger = Logger(label: "test") { _ in MessageStream(continuation: continuation) }
        try await fixture.withLiveServer(logger: logger) { port in
            let deadline = ContinuousClock.now + .seconds(60)
            let connection = try RawConnection(port: port, receiveBuffer: 4096)
            // Each page is about 125 KB: 64 of them are more than the kernel's buffers hold for
            // a connection on loopback (about 2.8 MB here: the sender's grows to 4 MB).
            try connection.send(Self.pipelinedPages(64))
            // The server says it closes the connection (awaited, with a generous bound)…
            let closed = Task {
                for await message in messages where message.hasPrefix("closing a connection that read none") {
                    return true
                }
                return false
            }
            let timer = Task {
                try await Task.sleep(until: deadline)
                continuation.finish()
            }
            #expect(await closed.value)
            timer.cancel()
            // …and the client, reading at last, gets part of the answers and then the end.
            try await connection.readUntilClosed(deadline: deadline)
            #expect(connection.received.hasPrefix("HTTP/1.1 200"))
            #expect(connection.received.components(separatedBy: "</html>").count - 1 < 64)
        }
    }
}
