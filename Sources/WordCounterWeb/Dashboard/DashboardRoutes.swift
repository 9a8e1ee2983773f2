import Foundation
import Harbor
import Hummingbird
import WordCounter

/// `GET /`: the dashboard page; `/?days=7|30|90|365` picks the chart's range (the configuration's
/// ``WebConfiguration/chartDays`` when absent); `files` (a cursor from the page's own "Next"
/// link), `q` and `state` pick the page of files it lists (``FilePageParameters``).
struct DashboardRoutes: Sendable {
    let app: WordCounterApp
    let configuration: WebConfiguration
    let summaries: SummaryCache

    /// Adds the route to `router`.
    func add(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in try await page(request) }
    }

    /// The lane the page's queries run on: one at a time. A page with 10,000 files costs about a
    /// tenth of a second of work; fifty clients asking for pages at once (and never reading them)
    /// then queue here, one page's query after another, instead of taking every thread the
    /// server has: `/health`, the API and the live updates are answered meanwhile.
    static let pageLane = Lane.concurrent("web-pages", limit: 1)

    /// The ranges the page offers, in days.
    static let ranges = [7, 30, 90, 365]

    /// The page, with headers that keep it private and let only its own script run.
    func page(_ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        var days = configuration.chartDays
        if let text = query["days"] {
            guard let value = Int(text), Self.ranges.contains(value) else {
                guard ErrorPage.isWanted(by: request) else {
                    throw APIError.badRequest("'days' must be 7, 30, 90 or 365, not '\(text)'")
                }
                return rangeRefusal(text, token: query["token"].map(String.init))
            }
            days = value
        }
        var search: FilePageParameters
        switch Result(catching: { () throws(APIError) in
            try FilePageParameters(query: request.uri.query, cursorName: "files", readsLimit: false)
        }) {
        case .success(let parameters): search = parameters
        case .failure(let error):
            guard ErrorPage.isWanted(by: request) else { throw error }
            return searchRefusal(error, token: query["token"].map(String.init))
        }
        search.limit = DashboardPage.filesPerPage
        let summary = try await summaries.current().summary
        let filePage = try await app.run(search.query, on: Self.pageLane)
        // Per machine: the same days and totals, with each machine's share beside them.
        let history = try await app.run(ShowHistory(days: days, grouping: .machine), on: Self.pageLane)
        let year = days == 365 ? history : try await app.run(ShowHistory(days: 365), on: Self.pageLane)
        let streaks = try await app.run(ShowStreaks(), on: Self.pageLane)
        let projects = try await app.run(ShowProjects(), on: Self.pageLane)
        let nonce = AccessToken.generate().value.prefix(24)
        var page = DashboardPage(
            summary: summary, files: filePage.rows, history: history, dateText: dateText(summary.date),
            scriptNonce: String(nonce), ranges: Self.ranges, token: query["token"].map(String.init))
        page.streaks = streaks
        page.fileSearch = search
        page.fileTotal = filePage.total
        page.nextFiles = filePage.next.map(FileCursor.string(for:))
        page.chosenDays = query["days"] == nil ? nil : days
        page.projects = projects
        if let session = configuration.session {
            page.session = try await app.run(ShowSessionProgress(session: session), on: Self.pageLane)
        }
        page.fileHistories = try await app.run(
            ShowFileHistories(days: DashboardPage.sparklineDays), on: Self.pageLane)
        page.machineShares = MachineShares(entries: history)
        page.sessionLog = SessionLogTable(
            sessions: try await app.run(ShowWritingSessions(days: 7), on: Self.pageLane),
            calendar: app.services.calendar)
        // Over every file, not this page's: read and summed in one run, so that a page waiting
        // for the lane holds no file but its own page's.
        page.folders = FolderTable(totals: try await app.run(ShowFolderTotals(), on: Self.pageLane))
        page.year = YearHeatmap(entries: year, goal: summary.progress.goal, calendar: app.services.calendar)
        let html = page.html.markup
        let buffer = ByteBuffer(string: html)
        var headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .contentLength: String(buffer.readableBytes),
            .cacheControl: "no-store",
            .contentSecurityPolicy:
                "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'unsafe-inline'; "
                + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'; "
                + "frame-ancestors 'none'",
            .xContentTypeOptions: "nosniff",
        ]
        if let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy") { headers[referrerPolicy] = "no-referrer" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: buffer))
    }

    /// The page a browser gets for a range the chart does not offer: 400, with links to those it does.
    func rangeRefusal(_ days: Substring, token: String?) -> Response {
        let tokenQuery = token.flatMap(AccessToken.init).map { "&token=\($0.value)" } ?? ""
        let links = Self.ranges.map { days in
            (href: "/?days=\(days)\(tokenQuery)", text: days == 365 ? "1 year" : "\(days) days")
        }
        let page = ErrorPage(
            heading: "The chart has no such range",
            message: "The chart shows 7, 30, 90 or 365 days, not '\(days)'. Pick one:",
            links: links)
        return page.response(status: .badRequest)
    }

    /// The page a browser gets for a search the list cannot make (a cursor it did not give): 400,
    /// with a link to the first page of files.
    func searchRefusal(_ error: APIError, token: String?) -> Response {
        let tokenQuery = token.flatMap(AccessToken.init).map { "?token=\($0.value)" } ?? ""
        let page = ErrorPage(
            heading: "The files cannot be listed so",
            message: error.message + ".",
            links: [(href: "/\(tokenQuery)", text: "The first page of files")])
        return page.response(status: .badRequest)
    }

    /// `Monday, November 23, 2026` for the summary's day, in the services' calendar.
    func dateText(_ day: Day) -> String {
        let calendar = app.services.calendar
        let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        let parts = calendar.dateComponents([.weekday, .month, .day, .year], from: day.startDate(calendar: calendar))
        guard let weekday = parts.weekday, let month = parts.month, let date = parts.day, let year = parts.year,
            (1...7).contains(weekday), (1...12).contains(month)
        else { return day.rawValue }
        return "\(weekdays[weekday - 1]), \(months[month - 1]) \(date), \(year)"
    }
}
