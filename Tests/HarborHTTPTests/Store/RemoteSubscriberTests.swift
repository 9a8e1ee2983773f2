import Foundation
import Harbor
import HarborHTTP
import HarborRelay
import HarborSQLite
import HarborTesting
import Testing

/// Remote durable subscribers: commits that reach the served store without going through the
/// server (another process writing the SQLite file) still wake `HTTPStore` readers at once.
@Suite("Remote subscribers over HTTPStore", .timeLimit(.minutes(1)))
struct RemoteSubscriberTests {
    static func event(_ name: String) -> EncodedEvent {
        EncodedEvent(name: name, payload: Data("{}".utf8), occurredAt: Date(timeIntervalSince1970: 1))
    }

    @Test("a commit written straight into the served SQLite file is signalled to HTTPStore")
    func signalFromTheServedStore() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("served.sqlite")
        try await LiveStoreServer.with(try SQLiteStore(path: path)) { url in
            let signals = try #require(HTTPStore(baseURL: url).commitSignals())
            var iterator = signals.makeAsyncIterator()
            #expect(await iterator.next() != nil)  // the one given when watching starts
            _ = try await SQLiteStore(path: path).commit(ChangeSet(events: [Self.event("local")]))
            // Only the server's watch of the file's commit signals can end this wait.
            #expect(await iterator.next() != nil)
        }
    }

    @Test("a relay over HTTPStore that would poll only hourly delivers another writer's events")
    func relayOverHTTP() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("served.sqlite")
        try await LiveStoreServer.with(try SQLiteStore(path: path)) { url in
            let (positions, deliver) = AsyncStream<Int64>.makeStream()
            let subscriber = DurableSubscriber(name: "remote").onAny { _, position in deliver.yield(position) }
            let relay = OutboxRelay(
                store: HTTPStore(baseURL: url), subscribers: [subscriber], pollInterval: .seconds(3600))
            let running = Task { await relay.run() }
            let writer = try SQLiteStore(path: path)
            var delivered = positions.makeAsyncIterator()
            var received: [Int64] = []
            for round in 1...3 {
                _ = try await writer.commit(ChangeSet(events: [Self.event("round-\(round)")]))
                if let position = await delivered.next() { received.append(position) }
            }
            running.cancel()
            await running.value
            #expect(received == [1, 2, 3])
        }
    }
}
