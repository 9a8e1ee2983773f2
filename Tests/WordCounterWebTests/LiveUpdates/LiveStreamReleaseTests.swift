import Foundation
import HarborTesting
import Testing
import WordCounterWeb

@Suite("Live updates: streams whose client left are released")
struct LiveStreamReleaseTests {
    /// The request a browser's `EventSource` sends.
    static func eventsRequest(port: Int) -> String {
        "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
    }

    @Test(
        "a client that closes its EventSource is let go at once, not at the next message: no socket left in CLOSE-WAIT",
        .timeLimit(.minutes(1)))
    func closedStreamsAreReleased() async throws {
        let fixture = WebFixture()
        let hub = fixture.server.liveUpdates
        try await fixture.withLiveServer { port in
            for _ in 1...25 {
                // A bound per connection, not one for all 25: a loaded machine (the whole suite at
                // once) slows every round trip, and only a connection left open should fail.
                let deadline = ContinuousClock.now + .seconds(30)
                let connection = try RawConnection(port: port)
                try connection.send(Self.eventsRequest(port: port))
                // The opening message is written after the hub registered the client.
                try await connection.read(until: "retry:", deadline: deadline)
                #expect(hub.clientCount == 1)
                // The browser closes its side; the server must close its own, with no message to send.
                connection.finishSending()
                try await connection.readUntilClosed(deadline: deadline)
                await hub.waitForClients(atMost: 0)
            }
            #expect(hub.clientCount == 0)
            // The server still serves live clients afterwards.
            let deadline = ContinuousClock.now + .seconds(30)
            let client = try RawConnection(port: port)
            try client.send(Self.eventsRequest(port: port))
            try await client.read(until: "retry:", deadline: deadline)
            hub.broadcast(LiveUpdateObject(type: "word-counts-updated"))
            try await client.read(until: #""type":"word-counts-updated""#, deadline: deadline)
        }
    }

    @Test("many clients that vanish together are all released", .timeLimit(.minutes(1)))
    func manyClientsAtOnce() async throws {
        let fixture = WebFixture()
        let hub = fixture.server.liveUpdates
        try await fixture.withLiveServer { port in
            let deadline = ContinuousClock.now + .seconds(30)
            var connections: [RawConnection] = []
            for _ in 1...40 {
                let connection = try RawConnection(port: port)
                try connection.send(Self.eventsRequest(port: port))
                try await connection.read(until: "retry:", deadline: deadline)
                connections.append(connection)
            }
            #expect(hub.clientCount == 40)
            for connection in connections { connection.close() }
            await hub.waitForClients(atMost: 0)
            #expect(hub.clientCount == 0)
        }
    }

    @Test("a quiet stream gets a comment line every heartbeat, on the server's clock", .timeLimit(.minutes(1)))
    func heartbeat() async throws {
        let clock = TestClock()
        let fixture = WebFixture(heartbeat: .seconds(25), liveClock: clock)
        try await fixture.withLiveServer { port in
            let deadline = ContinuousClock.now + .seconds(30)
            let connection = try RawConnection(port: port)
            try connection.send(Self.eventsRequest(port: port))
            try await connection.read(until: "retry:", deadline: deadline)
            #expect(!connection.received.contains(": keep-alive"))
            try await clock.waitForSleepers(1)
            clock.advance(by: .seconds(25))
            try await connection.read(until: ": keep-alive\n\n", deadline: deadline)
            try await clock.waitForSleepers(1)
            clock.advance(by: .seconds(25))
            try await connection.read(until: ": keep-alive\n\n", times: 2, deadline: deadline)
            connection.close()
            await fixture.server.liveUpdates.waitForClients(atMost: 0)
        }
    }
}
