import Foundation
import Testing
import WordCounterWeb

@Suite("Server: header-read and idle timeouts")
struct ConnectionTimeoutTests {
    @Test("a connection that sends half a request's headers is closed after the idle timeout")
    func slowHeaders() async throws {
        let fixture = WebFixture(idleTimeout: .milliseconds(300))
        try await fixture.withLiveServer { port in
            let connection = try RawConnection(port: port)
            try connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            // Generous bound: without a timeout the server would hold the connection for ever.
            try await connection.readUntilClosed(deadline: .now + .seconds(30))
            #expect(connection.received.isEmpty)
        }
    }

    @Test("a connection that never sends anything is closed after the idle timeout")
    func silentConnection() async throws {
        let fixture = WebFixture(idleTimeout: .milliseconds(300))
        try await fixture.withLiveServer { port in
            let connection = try RawConnection(port: port)
            try await connection.readUntilClosed(deadline: .now + .seconds(30))
            #expect(connection.received.isEmpty)
        }
    }

    @Test("a kept-alive connection is closed once idle; an open live-update stream is not cut")
    func idleKeepAlive() async throws {
        // Long enough that a loaded machine answers the live-update request before the timeout
        // (at 300 ms a CI run under load saw the stream closed before its first line).
        let fixture = WebFixture(idleTimeout: .seconds(3))
        let hub = fixture.server.liveUpdates
        try await fixture.withLiveServer { port in
            let deadline = ContinuousClock.now + .seconds(30)
            let stream = try RawConnection(port: port)
            try stream.send(LiveStreamReleaseTests.eventsRequest(port: port))
            try await stream.read(until: "retry:", deadline: deadline)

            let connection = try RawConnection(port: port)
            try connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            try await connection.read(until: "ok\n", deadline: deadline)
            try await connection.readUntilClosed(deadline: deadline)
            #expect(connection.received.hasPrefix("HTTP/1.1 200"))

            // The stream outlived an idle timeout that closed the other connection.
            hub.broadcast(LiveUpdateObject(type: "word-counts-updated"))
            try await stream.read(until: #""type":"word-counts-updated""#, deadline: deadline)
        }
    }
}
