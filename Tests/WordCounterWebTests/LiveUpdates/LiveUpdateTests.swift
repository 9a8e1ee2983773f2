import Foundation
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Live updates")
struct LiveUpdateTests {
    @Test("GET /api/events streams one message per domain event, as server-sent events")
    func stream() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(10))
        try await fixture.withClient { client in
            async let response = client.get("/api/events")
            await fixture.server.liveUpdates.waitForClients(1)
            try await fixture.track("/home/writer/a.md")
            try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(25))
            try await fixture.update()
            try await fixture.setGoal(500)
            fixture.server.liveUpdates.close()
            let events = try await response
            #expect(events.status == .ok)
            #expect(events.headers[.contentType] == "text/event-stream; charset=utf-8")
            let text = events.text
            #expect(text.hasPrefix("retry: 3000\n"))
            let messages = try text.components(separatedBy: "\n\n").compactMap { frame -> LiveUpdateObject? in
                guard let line = frame.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else {
                    return nil
                }
                return try JSONDecoder().decode(LiveUpdateObject.self, from: Data(line.dropFirst(6).utf8))
            }
            #expect(
                messages.map(\.type) == ["file-tracked", "word-count-changed", "word-counts-updated", "daily-goal-set"])
            let changed = try #require(messages.first { $0.type == "word-count-changed" })
            #expect(changed.path == "/home/writer/a.md")
            #expect(changed.previous == 10)
            #expect(changed.words == 25)
            #expect(text.contains("id: 1\n"))
        }
    }

    @Test("the hub delivers to every client in order, and closing ends every stream")
    func hub() async throws {
        let fixture = WebFixture()
        let hub = fixture.server.liveUpdates
        let first = hub.connect()
        let second = hub.connect()
        #expect(hub.clientCount == 2)
        hub.broadcast(LiveUpdateObject(type: "one"))
        hub.broadcast(LiveUpdateObject(type: "two"))
        hub.close()
        var firstTypes: [String] = []
        for await update in first { firstTypes.append(update.object.type) }
        var secondSequences: [Int] = []
        for await update in second { secondSequences.append(update.sequence) }
        #expect(firstTypes == ["one", "two"])
        #expect(secondSequences == [1, 2])
        var late: [LiveUpdate] = []
        for await update in hub.connect() { late.append(update) }
        #expect(late.isEmpty)
    }
}
