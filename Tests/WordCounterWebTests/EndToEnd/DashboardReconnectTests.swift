import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterWeb

@Suite("Dashboard in headless Chromium: live updates")
struct DashboardReconnectTests {
    @Test(
        "after its event stream reconnects, an open page fetches fresh numbers (changes made while it was away)",
        .enabled(if: Chromium.executable != nil, "needs a chromium binary (CI installs it)"),
        .timeLimit(.minutes(2)))
    func refetchOnReconnect() async throws {
        // Changes reach live clients only through an outbox feed, which does not run here: the
        // change below is one the page cannot hear about, as when it happens during a disconnection.
        let fixture = WebFixture(summaryMaxAge: .zero, changes: .outbox)
        try fixture.disk.write("/home/writer/a.md", contents: "")
        try await fixture.track("/home/writer/a.md")
        try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(4))
        try await fixture.update()
        let hub = fixture.server.liveUpdates
        let (requests, continuation) = AsyncStream<RequestLog<RouterResponder<BasicRequestContext>>.Entry>.makeStream()
        let application = Application(
            responder: RequestLog(base: fixture.server.router().buildResponder(), continuation: continuation),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
        try await application.test(.live) { client in
            let port = try #require(client.port)
            let page = try Chromium.Page(url: "http://127.0.0.1:\(port)/")
            defer { page.close() }
            var pageLoads = requests.filter { $0.method == .get && $0.path == "/" }.makeAsyncIterator()
            #expect(await pageLoads.next()?.accept?.contains("text/html") == true)
            await hub.waitForClients(1)

            try fixture.disk.write("/home/writer/a.md", contents: WebFixture.words(9))
            try await fixture.update()
            hub.disconnectAll()

            // The browser reconnects after the stream's retry delay; the page then asks for itself again.
            let refetch = await pageLoads.next()
            #expect(refetch?.accept == "text/html")
            #expect(hub.clientCount <= 1)
            let fresh = try await client.get("/").text
            #expect(fresh.contains(#"data-words="9""#))
        }
    }
}
