import Foundation
import Harbor
import Hummingbird
import WordCounter

/// The JSON API under `/api`: summary, files, history, tracking and untracking.
///
/// Queries run on their own concurrent lane of the runner, so they do not wait behind an update;
/// commands run on the runner's default serial lane, like the command line's.
struct APIRoutes: Sendable {
    let app: WordCounterApp
    let configuration: WebConfiguration
    let summaries: SummaryCache

    /// The lane the API's queries run on.
    static let queryLane = Lane.concurrent("web-queries", limit: 4)

    /// Adds the routes to `router`.
    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("summary") { _, _ in try await summary() }
        api.get("files") { _, _ in try await files() }
        api.get("history") { request, _ in try await history(request) }
        api.post("track") { request, _ in try await track(request) }
        api.delete("files/:id") { _, context in try await untrack(id: context.parameters.require("id")) }
    }

    /// `GET /api/summary`.
    func summary() async throws -> Response {
        Response.json(buffer: try await summaries.current().json)
    }

    /// `GET /api/files`: every tracked file, sorted by path.
    func files() async throws -> Response {
        let rows = try await app.run(ShowStatus(), on: Self.queryLane)
        return try Response.json(rows.map(FileObject.init))
    }

    /// `GET /api/history?days=N&by=day|week`: net and gross words per day, today last.
    func history(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        var days = 14
        if let text = query["days"] {
            guard let value = Int(text), (1...3660).contains(value) else {
                throw APIError.badRequest("'days' must be a whole number from 1 to 3660, not '\(text)'")
            }
            days = value
        }
        var grouping = HistoryGrouping.day
        if let text = query["by"] {
            guard let value = HistoryGrouping(rawValue: String(text)) else {
                throw APIError.badRequest("'by' must be 'day' or 'week', not '\(text)'")
            }
            grouping = value
        }
        let entries = try await app.run(
            ShowHistory(days: days, grouping: grouping), on: Self.queryLane)
        return try Response.json(entries.map(HistoryDayObject.init))
    }

    /// `POST /api/track` with `{"path": "/absolute/path"}`: tracks a file or folder below a root.
    func track(_ request: Request) async throws -> Response {
        let body = try await request.decodeJSON(TrackRequestObject.self, limit: configuration.bodyLimit)
        guard body.path.hasPrefix("/"), !body.path.utf8.contains(0) else {
            throw APIError.badRequest("'path' must be an absolute path, like /home/me/novel")
        }
        let path = app.services.fileSystem.absolutePath(body.path)
        guard configuration.roots.allows(path) else {
            throw APIError.outsideRoots(path, roots: configuration.roots.paths)
        }
        try await app.run(TrackFiles(paths: [path]))
        let rows = try await app.run(ShowStatus(), on: Self.queryLane)
        let tracked = rows.filter { $0.path == path || $0.path.hasPrefix(path == "/" ? "/" : path + "/") }
        return try Response.json(TrackResponseObject(path: path, files: tracked.map(FileObject.init)))
    }

    /// `DELETE /api/files/{id}`: stops tracking one file; its history stays.
    func untrack(id: String) async throws -> Response {
        guard let row = try await app.run(ShowTrackedFile(id: id), on: Self.queryLane) else {
            throw APIError.notFound("no tracked file has the id '\(id)'; GET /api/files lists them")
        }
        try await app.run(UntrackFiles(paths: [row.path]))
        return Response(status: .noContent)
    }
}
