import WordCounter

/// The dashboard's HTML: today against the goal, the chart of the last days, and the files.
///
/// The files are listed a page at a time (``filesPerPage``), with plain links to the next page and
/// back to the first, and a search form (part of the path, the state): the page stays small
/// whatever the number of files.
///
/// Complete without JavaScript; the script only reloads the page's data when the server says a
/// count changed. Every piece of text that comes from the user's files (paths, reasons) is
/// HTML-escaped.
///
/// Accessible: the chart has a table of the same numbers beside it (behind a disclosure, read by
/// screen readers and reachable by keyboard), its bars can be focused one by one on short
/// ranges, and changes that arrive live are announced through an `aria-live` region. On a narrow
/// screen (a phone, 390 px) the chart is drawn for that width, so its labels stay legible.
struct DashboardPage {
    /// Today at a glance.
    let summary: Summary
    /// The tracked files of this page (at most ``filesPerPage``), sorted by path.
    let files: [FileStatusRow]
    /// Words per day, oldest first, today last.
    let history: [HistoryEntry]
    /// Today as a person reads it: `Monday, November 23, 2026`.
    let dateText: String
    /// The one-time value that lets the page's own script run under the Content-Security-Policy.
    let scriptNonce: String
    /// The chart ranges offered, in days.
    var ranges: [Int] = [7, 30, 90, 365]
    /// The access token the page was opened with, kept in its links.
    var token: String?
    /// Current and best streaks, shown beside today.
    var streaks: Streaks?
    /// Every project with its quota for today.
    var projects: [ProjectProgress] = []
    /// The last year as a calendar heatmap.
    var year: YearHeatmap?
    /// Each machine's share of the chart's days, when several machines wrote.
    var machineShares: MachineShares?
    /// Each tracked folder and the folders in it, with their files' totals.
    var folders: FolderTable?
    /// The last writing sessions.
    var sessionLog: SessionLogTable?
    /// The words of the session `serve` started, when it has one.
    var session: SessionProgress?
    /// Each file's net words per day over the last ``sparklineDays``, by file identifier.
    var fileHistories: [String: [Int]] = [:]
    /// How many days each file's sparkline shows.
    static let sparklineDays = 30
    /// How many files a page lists.
    static let filesPerPage = 100
    /// Which files the page lists: the search, and whether it is the first page.
    var fileSearch = FilePageParameters()
    /// How many files match ``fileSearch`` on all pages; nil: just ``files``.
    var fileTotal: Int?
    /// The cursor of the next page of files; nil on the last.
    var nextFiles: String?
    /// The chart's range when the page was asked for one (`?days=`), kept in the files' links.
    var chosenDays: Int?

    /// The whole document.
    var html: HTML {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="referrer" content="no-referrer">
        <title>\(WordNumber.text(summary.progress.today)) words today · Word Counter</title>
        <style>\(DashboardStyle.css)</style>
        </head>
        <body>
        <header class="top">
        <div><h1>Word Counter</h1><p class="date">\(dateText)</p></div>
        <p id="live" class="live" role="status" hidden><span class="dot"></span><span id="live-text">live</span></p>
        </header>
        <p id="announce" class="visually-hidden" aria-live="polite" aria-atomic="true"></p>
        <main id="dashboard">
        \(todaySection)
        \(statsSection)
        \(streakSection)
        \(chartSection)
        \(sessionLog?.html)
        \(machineShares?.html)
        \(projectsSection)
        \(yearSection)
        \(folders?.html)
        \(filesSection)
        </main>
        <footer>Served by <code>wordcounter serve</code> · JSON at <code>/api/summary</code>, \
        <code>/api/files</code>, <code>/api/history</code> · live updates at <code>/api/events</code></footer>
        <script nonce="\(scriptNonce)">\(DashboardScript.javascript)</script>
        </body>
        </html>
        """
    }

    private var todaySection: HTML {
        let progress = summary.progress
        let today = progress.today
        var goalText: HTML
        var fillPercent = 0
        if let goal = progress.goal, let fraction = progress.fraction {
            let percent = Int((fraction * 100).rounded(.down))
            fillPercent = min(100, percent)
            if today >= goal {
                goalText = "Goal reached: \(percent)% of \(WordNumber.text(goal)) words"
            } else {
                goalText =
                    "\(percent)% of the daily goal of \(WordNumber.text(goal)) · "
                    + "\(WordNumber.text(progress.remaining ?? 0)) to go"
            }
        } else {
            goalText = "No daily goal yet: set one below, or <code>wordcounter goal set --daily 1000</code>"
        }
        let reached = progress.goal.map { today >= $0 } ?? false
        return """
            <section class="card today\(reached ? " reached" : "")" data-day="\(summary.date.rawValue)" \
            aria-labelledby="today-title">
            <h2 id="today-title">Today</h2>
            <p class="today-count"><strong id="today-words" data-words="\(today)">\(WordNumber.text(today))</strong> \
            \(abs(today) == 1 ? "word" : "words")</p>
            <p class="goal-text">\(goalText)</p>
            <div class="meter" role="progressbar" aria-label="Progress toward the daily goal" aria-valuemin="0" \
            aria-valuemax="100" aria-valuenow="\(fillPercent)"><div class="meter-fill" style="width: \(fillPercent)%">\
            </div></div>
            <form class="inline-form" method="post" action="/goal\(formQuery)">\
            <label for="goal-daily">Daily goal</label> \
            <input id="goal-daily" name="daily" type="number" min="1" step="1" inputmode="numeric" required \
            value="\(progress.goal.map(String.init) ?? "")" placeholder="1000"> \
            <button type="submit">Set goal</button></form>
            \(sessionText)
            </section>
            """
    }

    private var statsSection: HTML {
        func stat(_ label: String, _ value: Int, warn: Bool = false) -> HTML {
            "<dl class=\"stat\(warn ? " warn" : "")\"><dt>\(label)</dt><dd>\(WordNumber.text(value))</dd></dl>"
        }
        return """
            <section class="card stats" aria-label="Files">
            <div class="stat-grid">
            \(stat("Files tracked", summary.files))
            \(stat("Words in them", summary.words))
            \(stat("Missing", summary.missing, warn: summary.missing > 0))
            \(stat("Unreadable", summary.unreadable, warn: summary.unreadable > 0))
            </div>
            </section>
            """
    }

    /// Current and best streaks of days with writing and days at the goal.
    private var streakSection: HTML {
        guard let streaks else { return "" }
        func stat(_ label: String, _ streak: Streak) -> HTML {
            "<dl class=\"stat\"><dt>\(label)</dt><dd>\(WordNumber.text(streak.current)) "
                + "\(streak.current == 1 ? "day" : "days")<small> · best \(WordNumber.text(streak.best))</small></dd></dl>"
        }
        return """
            <section class="card stats" aria-label="Streaks">
            <div class="stat-grid">
            \(stat("Writing streak", streaks.writing))
            \(streaks.atGoal.map { stat("At the goal", $0) } ?? "")
            </div>
            </section>
            """
    }

    /// Each project: words against its target and what today asks.
    private var projectsSection: HTML {
        guard !projects.isEmpty else { return "" }
        let items = projects.map { project -> HTML in
            var lines: [HTML] = ["<h3>\(project.name)</h3>"]
            if let target = project.target, let fraction = project.fraction {
                let percent = min(100, Int((fraction * 100).rounded(.down)))
                lines.append(
                    "<p>\(WordNumber.text(project.words)) of \(WordNumber.text(target)) words (\(percent)%)</p>"
                        + "<div class=\"meter\" role=\"progressbar\" aria-label=\"\(project.name) toward its target\" "
                        + "aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"\(percent)\">"
                        + "<div class=\"meter-fill\" style=\"width: \(percent)%\"></div></div>")
            } else {
                lines.append("<p>\(WordNumber.text(project.words)) words</p>")
            }
            if let deadline = project.deadline, let remaining = project.remaining, project.target != nil {
                let quota = project.dailyQuota.map { ", \(WordNumber.text($0)) a writing day" } ?? ""
                lines.append(
                    "<p class=\"caption\">\(WordNumber.text(remaining)) to go by \(deadline.rawValue)\(quota)</p>")
            }
            if let toGo = project.todayRemaining {
                let text =
                    !project.todayIsWritingDay
                    ? "not a writing day" : toGo > 0 ? "\(WordNumber.text(toGo)) to go today" : "done for today"
                lines.append("<p class=\"caption\">Today: \(WordNumber.text(project.today)) words, \(text)</p>")
            }
            lines.append(projectForm(project))
            return "<li class=\"project\">" + lines.joined() + "</li>"
        }
        return """
            <section class="card wide" aria-labelledby="projects-heading">
            <h2 id="projects-heading">Projects</h2>
            <ul class="projects">\(items, separator: "\n")</ul>
            </section>
            """
    }

    /// This session's words (since `serve` started), against its target when it has one.
    private var sessionText: HTML {
        guard let session else { return "" }
        var text: HTML =
            "This session: <strong id=\"session-words\">\(WordNumber.text(session.words))</strong> "
            + (abs(session.words) == 1 ? "word" : "words")
        if let target = session.target, let fraction = session.fraction {
            let percent = Int((fraction * 100).rounded(.down))
            text +=
                session.isReached
                ? " · session target of \(WordNumber.text(target)) reached"
                : " of \(WordNumber.text(target)) (\(percent)%) · \(WordNumber.text(session.remaining ?? 0)) to go"
        }
        return "<p class=\"session\">\(text)</p>"
    }

    /// `?token=…` for a form's action, when the page was opened with a token.
    private var formQuery: String {
        token.flatMap(AccessToken.init).map { "?token=\($0.value.formEncoded)" } ?? ""
    }

    /// The form that changes a project's target, deadline and daily goal, folded away.
    private func projectForm(_ project: ProjectProgress) -> HTML {
        let id = "project-" + project.name.utf8.map { String($0, radix: 16) }.joined()
        return """
            <details class="edit"><summary>Change target</summary>\
            <form class="project-form" method="post" action="/projects/\(project.name.formEncoded)\(formQuery)">\
            <label for="\(id)-target">Target</label>\
            <input id="\(id)-target" name="target" type="number" min="1" step="1" inputmode="numeric" \
            value="\(project.target.map(String.init) ?? "")">\
            <label for="\(id)-deadline">Deadline</label>\
            <input id="\(id)-deadline" name="deadline" type="date" value="\(project.deadline?.rawValue ?? "")">\
            <label for="\(id)-goal">Daily goal</label>\
            <input id="\(id)-goal" name="dailyGoal" type="number" min="1" step="1" inputmode="numeric" \
            value="\(project.dailyGoal.map(String.init) ?? "")">\
            <button type="submit">Save</button></form></details>
            """
    }

    /// The year at a glance. On a narrow screen the heatmap scrolls inside its box, which starts
    /// at its right end, today's week (the box is right-to-left, its drawing left-to-right): no
    /// script needed, and a resize keeps it there.
    private var yearSection: HTML {
        guard let year else { return "" }
        return """
            <section class="card wide" aria-labelledby="year-heading">
            <h2 id="year-heading">The last year</h2>
            <p class="caption">\(year.summary)</p>
            <div class="heatmap-scroll" tabindex="0" role="group" aria-label="The year heatmap, scrolls sideways">\
            \(year.svg)</div>
            \(year.legend)
            \(year.monthTable)
            </section>
            """
    }

    private var chartSection: HTML {
        let total = history.reduce(0) { $0 + $1.words }
        let writingDays = history.count { $0.words > 0 }
        let goal = summary.progress.goal
        return """
            <section class="card wide" aria-labelledby="chart-heading">
            <div class="chart-head"><h2 id="chart-heading">The last \(history.count) days</h2>
            \(rangeLinks)</div>
            <p class="caption">\(WordNumber.text(total)) words net, on \(writingDays) of \(history.count) days</p>
            <div class="chart-wide">\(HistoryChart(entries: history, goal: goal).svg)</div>
            <div class="chart-narrow">\(HistoryChart(entries: history, goal: goal, layout: .narrow).svg)</div>
            \(historyTable)
            </section>
            """
    }

    /// Links to the other ranges; the current one is marked for assistive technology.
    private var rangeLinks: HTML {
        let tokenQuery = token.flatMap(AccessToken.init).map { "&token=\($0.value)" } ?? ""
        let links = ranges.map { days -> HTML in
            let label = days == 365 ? "1 year" : "\(days) days"
            if days == history.count {
                return "<a href=\"?days=\(days)\(tokenQuery)\" aria-current=\"page\">\(label)</a>"
            }
            return "<a href=\"?days=\(days)\(tokenQuery)\">\(label)</a>"
        }
        return "<nav class=\"ranges\" aria-label=\"Chart range\">\(links, separator: " ")</nav>"
    }

    /// The chart's numbers as a table, newest first: what a screen reader reads instead of the bars.
    private var historyTable: HTML {
        let rows = history.reversed().map { entry -> HTML in
            "<tr><th scope=\"row\">\(entry.date.rawValue)</th><td class=\"num\">\(WordNumber.text(entry.words))</td>"
                + "<td class=\"num\">\(WordNumber.text(entry.added))</td></tr>"
        }
        return """
            <details class="chart-table"><summary>The numbers as a table</summary>
            <div class="table-scroll"><table>
            <caption class="visually-hidden">Words written per day, the last \(history.count) days, newest first</caption>
            <thead><tr><th scope="col">Day</th><th scope="col" class="num">Net words</th>\
            <th scope="col" class="num">Added</th></tr></thead>
            <tbody>
            \(rows, separator: "\n")
            </tbody>
            </table></div>
            </details>
            """
    }

    /// A file's progress toward its target (`wordcounter target set`): `78% of 3,000` over a
    /// meter, or `met`; empty without a target.
    static func targetCell(_ file: FileStatusRow) -> HTML {
        guard let target = file.target else { return "<td class=\"target\"></td>" }
        let percent = min(100, Int(((file.targetFraction ?? 0) * 100).rounded(.down)))
        if file.targetMet == true {
            return "<td class=\"target\"><span class=\"badge ok\">met</span> "
                + "<span class=\"caption\">\(WordNumber.text(target))</span></td>"
        }
        return "<td class=\"target\">\(percent)% of \(WordNumber.text(target))"
            + "<div class=\"meter\" role=\"progressbar\" aria-label=\"Toward the file's target\" aria-valuemin=\"0\" "
            + "aria-valuemax=\"100\" aria-valuenow=\"\(percent)\"><div class=\"meter-fill\" style=\"width: \(percent)%\">"
            + "</div></div></td>"
    }

    private var filesSection: HTML {
        guard summary.files > 0 || !files.isEmpty else {
            return """
                <section class="card wide files" aria-labelledby="files-heading">
                <h2 id="files-heading">Files</h2>
                <p class="empty">Nothing is tracked yet. Start with <code>wordcounter track ~/novel</code>.</p>
                </section>
                """
        }
        return """
            <section class="card wide files" aria-labelledby="files-heading">
            <h2 id="files-heading">Files</h2>
            \(fileSearchForm)
            <p class="caption" id="files-shown">\(filesShownText)</p>
            \(files.isEmpty ? "" : filesTable)
            \(filePageLinks)
            </section>
            """
    }

    /// The table of this page's files.
    private var filesTable: HTML {
        let hasTargets = files.contains { $0.target != nil }
        let rows = files.map { file -> HTML in
            let slash = file.path.lastIndex(of: "/").map { file.path.index(after: $0) } ?? file.path.startIndex
            let folder = String(file.path[..<slash])
            let name = String(file.path[slash...])
            let state = file.status.rawValue
            let reason = file.reason.map { reason -> HTML in " <span class=\"reason\">\(reason)</span>" } ?? .empty
            return """
                <tr class="file \(state)"><td class="path"><span class="folder">\(folder)</span>\
                <span class="name">\(name)</span></td>\
                <td class="num">\(file.words.map(WordNumber.text) ?? "–")</td>\
                <td class="spark">\(Sparkline(words: fileHistories[file.id] ?? Array(repeating: 0, count: Self.sparklineDays)).svg)</td>\
                <td class="num change\(file.today > 0 ? " up" : file.today < 0 ? " down" : "")">\
                \(file.today == 0 ? "·" : WordNumber.signed(file.today))</td>\
                \(hasTargets ? Self.targetCell(file) : "")\
                <td><span class="badge \(state)">\(state)</span>\(reason)</td></tr>
                """
        }
        return """
            <div class="table-scroll"><table aria-describedby="files-shown">
            <thead><tr><th>Path</th><th class="num">Words</th><th class="spark">Last \(Self.sparklineDays) days</th>\
            <th class="num">Today</th>\(hasTargets ? "<th class=\"target\">Target</th>" as HTML : .empty)<th>State</th></tr></thead>
            <tbody>
            \(rows, separator: "\n")
            </tbody>
            </table></div>
            """
    }

    /// What the list shows: `Files 1–100 of 10,000`, or what matched the search.
    private var filesShownText: String {
        let total = fileTotal ?? files.count
        var filters: [String] = []
        if let text = fileSearch.matching { filters.append("whose path contains “\(text)”") }
        if let state = fileSearch.state { filters.append("\(state.rawValue)") }
        let which = filters.isEmpty ? "" : " " + filters.joined(separator: ", ")
        guard !files.isEmpty else {
            return fileSearch.after == nil ? "No file\(which)." : "No more files\(which)."
        }
        let noun = total == 1 ? "file" : "files"
        if files.count == total { return "All \(WordNumber.text(total)) \(noun)\(which)." }
        let shown = WordNumber.text(files.count)
        let position = fileSearch.after == nil ? "the first \(shown)" : shown
        return "Showing \(position) of \(WordNumber.text(total)) \(noun)\(which), by path."
    }

    /// The search form: part of the path and the state; a plain `GET` that works without script.
    private var fileSearchForm: HTML {
        let states: [FileState?] = [nil] + FileState.allCases.map { $0 }
        let options = states.map { state -> HTML in
            let value = state?.rawValue ?? ""
            let selected = state == fileSearch.state ? " selected" : ""
            return "<option value=\"\(value)\"\(selected)>\(state?.rawValue ?? "any")</option>"
        }
        var hidden: HTML = .empty
        if let chosenDays { hidden += "<input type=\"hidden\" name=\"days\" value=\"\(chosenDays)\">" }
        if let token = token.flatMap(AccessToken.init) {
            hidden += "<input type=\"hidden\" name=\"token\" value=\"\(token.value)\">"
        }
        return """
            <form class="inline-form file-search" role="search" aria-label="Find files" method="get" action="/">\
            <label for="files-q">Path contains</label> \
            <input id="files-q" name="q" type="search" maxlength="\(FilePageParameters.maximumSearchLength)" \
            value="\(fileSearch.matching ?? "")"> \
            <label for="files-state">State</label> \
            <select id="files-state" name="state">\(options)</select>\
            \(hidden) <button type="submit">Find</button></form>
            """
    }

    /// Links to the first page (when this is not it) and the next (when there is one).
    private var filePageLinks: HTML {
        var links: [HTML] = []
        if fileSearch.after != nil {
            links.append("<a href=\"\(filesLink(cursor: nil))\">First page</a>")
        }
        if let nextFiles {
            links.append(
                "<a href=\"\(filesLink(cursor: nextFiles))\" rel=\"next\">"
                    + "Next \(WordNumber.text(Self.filesPerPage)) files</a>")
        }
        guard !links.isEmpty else { return "" }
        return "<nav class=\"ranges file-pages\" aria-label=\"Pages of files\">\(links, separator: " ")</nav>"
    }

    /// This page's address with the files' search, at `cursor`.
    func filesLink(cursor: String?) -> String {
        var parameters: [String] = []
        if let chosenDays { parameters.append("days=\(chosenDays)") }
        if let text = fileSearch.matching { parameters.append("q=" + text.formEncoded) }
        if let state = fileSearch.state { parameters.append("state=" + state.rawValue) }
        if let cursor { parameters.append("files=" + cursor) }
        if let token = token.flatMap(AccessToken.init) { parameters.append("token=" + token.value.formEncoded) }
        return "/" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }
}
