import Foundation
import Testing

@Suite("wordcounter serve, live updates from other processes")
struct ServeLiveUpdateTests {
    @Test("an open event stream gets the commits of `wordcounter update` and `goal set` run in other processes")
    func otherProcessesReachOpenPages() async throws {
        let serve = try ServeProcess()
        try serve.write("novel/chapter.md", (1...30).map { "w\($0)" }.joined(separator: " ") + "\n")
        try serve.run("track", serve.folder.appendingPathComponent("novel").path)
        try serve.start()

        let client = try EventStreamClient(port: serve.port)
        let deadline = ContinuousClock.now + .seconds(60)
        // The opening message is written after the server registered the client.
        try client.read(until: "retry:", deadline: deadline)

        try serve.append("novel/chapter.md", (1...7).map { "new\($0)" }.joined(separator: " ") + "\n")
        try serve.run("update")
        try client.read(until: #""type":"word-count-changed""#, deadline: deadline)
        #expect(client.received.contains(#""words":37"#))

        try serve.run("goal", "set", "--daily", "500")
        try client.read(until: #""type":"daily-goal-set""#, deadline: deadline)
        #expect(serve.stop() == 0)
    }
}
