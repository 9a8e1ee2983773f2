import Foundation
import Harbor
import HarborRelay
import HarborSQLite
import HarborTesting
import Testing

/// Commit signals: inotify on the database's write-ahead log wakes readers of other processes.
@Suite("SQLiteStore commit signals", .serialized, .timeLimit(.minutes(2)))
struct CommitSignalTests {
    @Test("a commit through another connection to the file is signalled")
    func otherConnection() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("signals.sqlite")
        let reader = try SQLiteStore(path: path)
        let writer = try SQLiteStore(path: path)
        let signals = try #require(reader.commitSignals())
        _ = try await writer.commit(
            ChangeSet(events: [EncodedEvent(name: "ping", payload: Data(), occurredAt: Date())]))
        var iterator = signals.makeAsyncIterator()
        #expect(await iterator.next() != nil)
    }

    /// Many stores opening and dropping their signals at once: what crashed a test run while each
    /// was a dispatch read source (libdispatch's epoll bookkeeping on Linux).
    @Test("forty stores open, receive and drop their signals at once, each signalled its own commit")
    func manyAtOnce() async throws {
        let folder = try TemporaryFolder()
        let signalled = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<40 {
                let path = folder.file("churn-\(index).sqlite")
                group.addTask {
                    let store = try SQLiteStore(path: path)
                    for _ in 0..<3 {
                        guard let signals = store.commitSignals() else { return false }
                        _ = try await store.commit(
                            ChangeSet(events: [EncodedEvent(name: "ping", payload: Data(), occurredAt: Date())]))
                        var iterator = signals.makeAsyncIterator()
                        guard await iterator.next() != nil else { return false }
                    }
                    return true
                }
            }
            return try await group.reduce(into: 0) { count, signalled in count += signalled ? 1 : 0 }
        }
        #expect(signalled == 40)
    }

    @Test("with signals off the store has none, and readers poll")
    func turnedOff() throws {
        var configuration = SQLiteStore.Configuration()
        configuration.signalsCommits = false
        let folder = try TemporaryFolder()
        #expect(try SQLiteStore(path: folder.file("quiet.sqlite"), configuration: configuration).commitSignals() == nil)
    }

    @Test("a relay that would poll only hourly delivers the commits of another process")
    func relayWokenByAnotherProcess() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("relay.sqlite")
        let store = try SQLiteStore(path: path)
        let (positions, delivered) = AsyncStream<Int64>.makeStream()
        let subscriber = DurableSubscriber(name: "listener").onAny { _, position in delivered.yield(position) }
        let relay = OutboxRelay(store: store, subscribers: [subscriber], pollInterval: .seconds(3600))
        let running = Task { await relay.run() }
        // The relay's first pass happens at once; later ones only when something wakes it.
        let writer = try ProbeProcess(["batches", path, "1", "2"], in: folder, label: "writer")
        var received: [Int64] = []
        for await position in positions {
            received.append(position)
            if received.count >= 6 { break }
        }
        writer.kill()
        running.cancel()
        await running.value
        #expect(received == Array(1...6))
    }
}
