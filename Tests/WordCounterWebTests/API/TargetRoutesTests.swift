import Foundation
import HummingbirdTesting
import NIOCore
import Testing
import WordCounter
import WordCounterWeb

@Suite("API: the goal and the projects' targets")
struct TargetRoutesTests {
    private func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test("PUT /api/goal sets the daily goal, which the summary shows; a bad one changes nothing")
    func goal() async throws {
        let fixture = WebFixture()
        try await fixture.withClient { client in
            let set = try await client.execute(
                uri: "/api/goal", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"daily": 750}"#))
            #expect(set.status == .ok)
            #expect(try object(set)["daily"] as? Int == 750)
            let summary = try object(try await client.get("/api/summary"))
            #expect(summary["goal"] as? Int == 750)
            for body in [#"{"daily": 0}"#, #"{"daily": "many"}"#, #"{}"#] {
                let refused = try await client.execute(
                    uri: "/api/goal", method: .put, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(body)")
                #expect(refused.errorMessage?.isEmpty == false)
            }
        }
        #expect(try await fixture.app.run(ShowGoalProgress()).goal == 750)
    }

    @Test("GET /api/projects lists them; PUT /api/projects/{name} changes target, deadline and goal")
    func projects() async throws {
        let fixture = WebFixture()
        try fixture.disk.write("/home/writer/novel/a.md", contents: WebFixture.words(100))
        try await fixture.track("/home/writer/novel")
        _ = try await fixture.app.run(AddProject(name: "Novel", paths: ["/home/writer/novel"]))
        try await fixture.withClient { client in
            let listed = try #require(
                try JSONSerialization.jsonObject(with: Data(buffer: try await client.get("/api/projects").body))
                    as? [[String: Any]])
            #expect(listed.map { $0["name"] as? String } == ["Novel"])
            #expect(listed.first?["words"] as? Int == 100)

            let changed = try await client.execute(
                uri: "/api/projects/novel", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"target": 80000, "deadline": "2027-03-01", "dailyGoal": 400}"#))
            #expect(changed.status == .ok)
            let project = try object(changed)
            #expect(project["target"] as? Int == 80000)
            #expect(project["deadline"] as? String == "2027-03-01")
            #expect(project["dailyGoal"] as? Int == 400)
            #expect(project["remaining"] as? Int == 79_900)

            let missing = try await client.execute(
                uri: "/api/projects/Poems", method: .put, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"target": 100}"#))
            #expect(missing.status == .notFound)
            #expect(missing.errorMessage?.contains("no project is named 'Poems'") == true)
            for body in [#"{"deadline": "March"}"#, #"{"target": -5}"#] {
                let refused = try await client.execute(
                    uri: "/api/projects/Novel", method: .put, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(body)")
            }
        }
        let progress = try #require(try await fixture.app.run(ShowProjects()).first)
        #expect(progress.target == 80000)
        #expect(progress.deadline?.rawValue == "2027-03-01")
    }
}
