import Foundation
import Harbor
import Hummingbird
import WordCounter

/// The JSON API under `/api`: summary, files, history, tracking and untracking, the goal and the
/// projects.
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
        api.get("files") { request, _ in try await files(request) }
        api.get("history") { request, _ in try await history(request) }
        api.post("track") { request, _ in try await track(request) }
        api.delete("files/:id") { _, context in try await untrack(id: context.parameters.require("id")) }
        addTargets(to: api)
    }

    /// `GET /api/summary`.
    func summary() async throws -> Response {
        Response.json(buffer: try await summaries.current().json)
    }

    /// `GET /api/files?limit=N&cursor=C&q=TEXT&state=S`: one page of the tracked files, sorted by
    /// path (``FilePageParameters`` reads the query), as `{"files": [...], "total": N, "next": C}`;
    /// pass `next` as `cursor` for the page after, until it is `null`.
    func files(_ request: Request) async throws -> Response {
        let parameters = try FilePageParameters(query: request.uri.query)
        let page = try await app.run(parameters.query, on: Self.queryLane)
        return Response.json(buffer: FilePageObject(page).json)
    }

    /// `GET /api/history?days=N&by=day|week|month`: net and gross words of the last N days (today
    /// included), per day or summed per week (Monday to Sunday) or calendar month, today last.
    ///
    /// The range is always N days, whatever the grouping: `days=2&by=week` sums two days, into
    /// the one or two weeks they fall in, and each item says which days it counts.
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
            // Per machine is the command line's (`history --by machine`); the API sums days, weeks and months.
            guard let value = HistoryGrouping(rawValue: String(text)), value != .machine else {
                throw APIError.badRequest("'by' must be 'day', 'week' or 'month', not '\(text)'")
            }
            grouping = value
        }
        let entries = try await app.run(ShowHistory(days: days, grouping: .day), on: Self.queryLane)
        guard grouping != .day else { return try Response.json(entries.map(HistoryDayObject.init)) }
        let calendar = app.services.calendar
        var periods: [(start: Day, days: [HistoryEntry])] = []
        for entry in entries {
            let start = grouping.periodStart(of: entry.date, calendar: calendar)
            if periods.last?.start == start {
                periods[periods.count - 1].days.append(entry)
            } else {
                periods.append((start, [entry]))
            }
        }
        return try Response.json(periods.map { HistoryDayObject(period: $0.start, days: $0.days) })
    }

    /// `POST /api/track` with `{"path": "/absolute/path"}`: tracks a file or folder below a root.
    func track(_ request: Request) async throws -> Response {
        let body = try await request.decodeJSON(TrackRequestObject.self, limit: configuration.bodyLimit)
        guard body.path.hasPrefix("/"), !body.path.utf8.contains(0) else {
            throw APIError.badRequest("'path' must be an absolute path, like /home/me/novel")
        }
        let fileSystem = app.services.fileSystem
        let given = fileSystem.absolutePath(body.path)
        let roots = configuration.roots
        guard roots.allows(given) else { throw APIError.outsideRoots(given, roots: roots.paths) }
        // A symbolic link below a root may lead anywhere: track where the path really is, and
        // refuse it, or a folder holding a link to a file, when that is outside the roots.
        let path = RealPath.resolve(given) ?? given
        guard roots.allowsResolved(path) else {
            throw APIError.outsideRoots(given == path ? given : "\(given) (a link to \(path))", roots: roots.paths)
        }
        if (try? fileSystem.status(of: path))?.kind == .directory {
            let files = (try? fileSystem.files(in: path, matching: FileFilter())) ?? []
            if let link = files.first(where: { !roots.allowsResolved($0) }) {
                let target = RealPath.resolve(link) ?? link
                throw APIError.outsideRoots("\(link) (a link to \(target))", roots: roots.paths)
            }
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
