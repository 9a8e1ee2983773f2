import ArgumentParser
import Foundation
import WordCounter

/// `wordcounter status`: every tracked file with its words, today's change and its state.
struct Status: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show every tracked file: words, today's change, and ok, missing or unreadable.",
        discussion: """
            Counts are as of the last update; run `wordcounter update` first for fresh ones.

            With --by folder, one line per tracked folder and per folder in it that holds tracked \
            files, at any depth: the words and today's change of every file below it, so a book \
            with a folder per part shows each part.

              wordcounter status
              wordcounter status --by folder
            """)

    @OptionGroup var options: GlobalOptions

    @Flag(help: "Print [{\"path\":…,\"words\":…,\"today\":…,\"status\":\"ok|missing|unreadable\",…}].")
    var json = false

    @Option(
        help: ArgumentHelp(
            "A line per file, or per tracked folder and each folder in it (its files' words and today's change).",
            valueName: "file|folder"))
    var by: StatusGrouping = .file

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(readingOnly: true, in: scope)
        let rows = try await app.run(ShowStatus())
        if by == .folder {
            try await printFolders(rows, app: app)
            return
        }
        if json {
            try Terminal.printJSON(rows)
            return
        }
        if rows.isEmpty {
            try await printNothingTracked(app)
            return
        }
        // With targets (`wordcounter target`), each file's progress toward its own, before the path.
        let hasTargets = rows.contains { $0.target != nil }
        // Cells are made as the table is written, not kept: 50,000 rows stay rows.
        let table = rows.lazy.map { row in
            [row.words.map(\.grouped) ?? "-", row.today == 0 ? "0" : row.today.signedGrouped, Self.state(of: row)]
                + (hasTargets ? [TargetCommand.progress(row)] : []) + [row.path]
        }
        let header = ["WORDS", "TODAY", "STATUS"] + (hasTargets ? ["TARGET"] : []) + ["PATH"]
        TextTable(header: header, rows: table, rightAligned: [0, 1]).print()
        let total = rows.reduce(0) { $0 + ($1.words ?? 0) }
        // Today's words as `history` and `goal` count them: files untracked since included.
        let today = try await app.run(ShowGoalProgress()).today
        let summary = "\(rows.count.grouped) \(rows.count == 1 ? "file" : "files"), \(total.grouped) words, "
        if let machine = app.services.machine {
            // The column is this machine's writing; the day's words are every machine's.
            let here = rows.reduce(0) { $0 + $1.today }
            let elsewhere = here == today ? "" : " (\(today.signedGrouped) on every machine)"
            print(summary + "\(here.signedGrouped) today on \(machine.escapedForTerminal)\(elsewhere)")
        } else {
            print(summary + "\(today.signedGrouped) today")
        }
    }

    /// `status --by folder`: each tracked folder, then the folders in it, indented under it.
    private func printFolders(_ rows: [FileStatusRow], app: WordCounterApp) async throws {
        let totals = FolderTotal.totals(
            of: rows, in: try await app.run(ListTrackedFolders(onThisMachine: true)))
        if json {
            try Terminal.printJSON(totals)
            return
        }
        guard !totals.isEmpty else {
            print(
                rows.isEmpty
                    ? "Nothing is tracked yet. Start with: wordcounter track FOLDER"
                    : "No folder is tracked, only files: track a folder with wordcounter track FOLDER")
            return
        }
        let table = totals.map { total in
            let name =
                total.depth == 0
                ? total.path
                : String(repeating: "  ", count: total.depth)
                    + (total.path.split(separator: "/").last.map { $0 + "/" } ?? "")
            return [total.words.grouped, total.today == 0 ? "0" : total.today.signedGrouped, total.files.grouped, name]
        }
        TextTable(header: ["WORDS", "TODAY", "FILES", "FOLDER"], rows: table, rightAligned: [0, 1, 2]).print()
    }

    /// Nothing is tracked here: on a shared database, say which machines track what, so that a
    /// missing `--machine` is not taken for an empty history.
    private func printNothingTracked(_ app: WordCounterApp) async throws {
        let others = try await app.run(ShowMachines())
        guard let machine = app.services.machine, !others.isEmpty else {
            print("Nothing is tracked yet. Start with: wordcounter track PATH")
            return
        }
        print("Nothing is tracked on this machine, \(machine.escapedForTerminal). In this database:")
        for share in others {
            let name = share.machine.map(\.escapedForTerminal) ?? "(before machines were named)"
            let folders = share.folders == 1 ? "1 folder" : "\(share.folders.grouped) folders"
            let files = share.files == 1 ? "1 file" : "\(share.files.grouped) files"
            print("  \(name): \(folders), \(files)")
        }
        print("See one with --machine NAME (or WORDCOUNTER_MACHINE), or start here: wordcounter track PATH")
    }

    /// `ok`, `missing` or `unreadable (reason)`; a file whose front matter says `wordcount: false`
    /// is `ok (not counted)`, so its `-` is not taken for a problem.
    static func state(of row: FileStatusRow) -> String {
        if let reason = row.reason { return "\(row.status.rawValue) (\(reason))" }
        if row.status == .ok && row.words == nil { return "ok (not counted)" }
        return row.status.rawValue
    }
}
