import Foundation
import Hummingbird
import WordCounter

/// The goal and the projects' targets, set from the dashboard or any client: `PUT /api/goal`,
/// `GET /api/projects`, `PUT /api/projects/{name}`.
extension APIRoutes {
    /// Adds the routes to `api` (the `/api` group).
    func addTargets(to api: RouterGroup<BasicRequestContext>) {
        api.put("goal") { request, _ in try await setGoal(request) }
        api.get("projects") { _, _ in try await projects() }
        api.put("projects/:name") { request, context in
            let escaped = try context.parameters.require("name")
            return try await changeProject(request, name: escaped.removingPercentEncoding ?? escaped)
        }
    }

    /// `PUT /api/goal` with `{"daily": 1000}`: sets the daily goal; answers with it.
    func setGoal(_ request: Request) async throws -> Response {
        let body = try await request.decodeJSON(GoalObject.self, limit: configuration.bodyLimit)
        try await TargetChanges(app: app).setGoal(words: body.daily)
        return try Response.json(body)
    }

    /// `GET /api/projects`: every project with where it stands today.
    func projects() async throws -> Response {
        try Response.json(try await app.run(ShowProjects(), on: Self.queryLane).map(ProjectObject.init))
    }

    /// `PUT /api/projects/{name}` with any of `target`, `deadline` (`YYYY-MM-DD`) and `dailyGoal`:
    /// changes them; answers with the project as it is now. 404 for a project no one named.
    func changeProject(_ request: Request, name: String) async throws -> Response {
        let body = try await request.decodeJSON(ProjectChangeObject.self, limit: configuration.bodyLimit)
        let project = try await TargetChanges(app: app).changeProject(
            named: name, target: body.target, deadline: body.deadline, dailyGoal: body.dailyGoal)
        return try Response.json(ProjectObject(project))
    }
}
