import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WordCounter
import WordCounterWeb

@Suite("Dashboard forms: the goal and project targets, without JavaScript")
struct DashboardFormsTests {
    private func postForm(
        _ client: some TestClientProtocol, _ uri: String, _ body: String, headers: HTTPFields = [:]
    ) async throws -> TestResponse {
        var headers = headers
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// One header, by name.
    private func header(_ name: String, _ value: String) throws -> HTTPFields {
        [try #require(HTTPFields.Element.Name(name)): value]
    }

    @Test("the page offers the forms; posting the goal sets it and goes back to the page")
    func goalForm() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let page = try await client.get("/")
            #expect(page.text.contains(#"<form class="inline-form" method="post" action="/goal">"#))
            #expect(page.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)
            let posted = try await postForm(
                client, "/goal", "daily=1%2C200", headers: try header("Sec-Fetch-Site", "same-origin"))
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/")
            #expect(try await client.get("/").text.contains(#"value="1200""#))
        }
        #expect(try await fixture.app.run(ShowGoalProgress()).goal == 1200)
    }

    @Test("a project's target, deadline and goal change from its form; empty fields stay as they were")
    func projectForm() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(10))
        try await fixture.track("/home/writer/novel")
        _ = try await fixture.app.run(
            AddProject(name: "Big Novel", paths: ["/home/writer/novel"], target: 5000, dailyGoal: 300))
        try await fixture.withClient { client in
            #expect(try await client.get("/").text.contains(#"action="/projects/Big%20Novel""#))
            let posted = try await postForm(
                client, "/projects/Big%20Novel", "target=90000&deadline=2027-03-01&dailyGoal=")
            #expect(posted.status == .seeOther)
        }
        let project = try #require(try await fixture.app.run(ShowProjects()).first)
        #expect(project.target == 90000)
        #expect(project.deadline?.rawValue == "2027-03-01")
        #expect(project.dailyGoal == 300)
    }

    @Test("bad values answer a page that says what was wrong, and change nothing")
    func refused() async throws {
        let fixture = WebFixture()
        try await fixture.setGoal(500)
        try await fixture.withClient { client in
            for body in ["daily=0", "daily=lots", "", "daily=" + String(repeating: "9", count: 5000)] {
                let posted = try await postForm(client, "/goal", body)
                #expect(posted.status == .badRequest || posted.status == .contentTooLarge, "\(body.prefix(20))")
                #expect(posted.text.contains("Nothing was changed"))
                #expect(posted.headers[.contentType]?.hasPrefix("text/html") == true)
            }
            let unknown = try await postForm(client, "/projects/Nobody", "target=5")
            #expect(unknown.status == .notFound)
            #expect(unknown.text.contains("no project is named"))
        }
        #expect(try await fixture.app.run(ShowGoalProgress()).goal == 500)
    }

    @Test("a form posted from another site is refused; the same origin and non-browsers are not")
    func crossSite() async throws {
        let fixture = WebFixture()
        try await fixture.setGoal(500)
        try await fixture.withClient { client in
            let fromElsewhere = try await postForm(
                client, "/goal", "daily=1", headers: try header("Sec-Fetch-Site", "cross-site"))
            #expect(fromElsewhere.status == .forbidden)
            let otherOrigin = try await postForm(
                client, "/goal", "daily=2", headers: try header("Origin", "https://evil.example"))
            #expect(otherOrigin.status == .forbidden)
        }
        #expect(try await fixture.app.run(ShowGoalProgress()).goal == 500)
    }

    @Test("with a token, the forms carry it and the redirect keeps it")
    func token() async throws {
        let token = try #require(AccessToken("forms-token-0123456789abcdef"))
        let fixture = WebFixture(token: token)
        try await fixture.withClient { client in
            let page = try await client.get("/?token=\(token.value)")
            #expect(page.text.contains("action=\"/goal?token=\(token.value)\""))
            let unauthorized = try await postForm(client, "/goal", "daily=700")
            #expect(unauthorized.status == .unauthorized)
            let posted = try await postForm(client, "/goal?token=\(token.value)", "daily=700")
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/?token=\(token.value)")
        }
        #expect(try await fixture.app.run(ShowGoalProgress()).goal == 700)
    }
}
