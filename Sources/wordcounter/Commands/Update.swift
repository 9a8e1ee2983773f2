import ArgumentParser
import WordCounter

/// `wordcounter update`: brings every tracked file up to date.
struct Update: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Recount changed files, follow moved ones, report missing ones, track new ones.",
        discussion: """
            Unchanged files are not read again (identity, size and modification time say so). A \
            file replaced by an editor's atomic save is the same file. A file gone from its path \
            is looked for in the tracked folders and its old folder, by identity and then by \
            content; found, it is followed; not found, it is reported missing once and kept with \
            its history; a missing file is not an error. A new file in a tracked folder is tracked, \
            and its words are today's writing (a copy of a tracked file is not). Exit status 1 when some tracked file \
            could not be read (binary, permission denied…) or a subfolder of a tracked folder could not \
            be read; each is named on standard error.
            """)

    @OptionGroup var options: GlobalOptions

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(in: scope)
        let services = app.services
        let lines = Lines()
        let aliases = Collected<FileAliasSkipped>()
        let updates = Collected<WordCountsUpdated>()
        let events = services.persistence.events
        let subscriptions = [
            events.subscribe(to: FileMoved.self) {
                lines.append("moved: \($0.from.escapedForTerminal) → \($0.to.escapedForTerminal)")
            },
            events.subscribe(to: FileWentMissing.self) { lines.append("missing: \($0.path.escapedForTerminal)") },
            events.subscribe(to: FileReappeared.self) { lines.append("back: \($0.path.escapedForTerminal)") },
            events.subscribe(to: FileTracked.self) { lines.append("new: \($0.path.escapedForTerminal)") },
            events.subscribe(to: FileAliasSkipped.self) { aliases.append($0) },
            events.subscribe(to: FolderTrackingFinished.self) {
                lines.append(
                    "finished tracking \($0.path.escapedForTerminal), which an earlier track left half-way: "
                        + "\($0.files) file(s) taken as they are, not as today's writing")
            },
            events.subscribe(to: WordCountsUpdated.self) { updates.append($0) },
        ]
        let progress = ProgressBar()
        let drawing = progress.attach(to: app)
        defer { withExtendedLifetime((subscriptions, drawing)) {} }
        var problems: [PathProblems.Problem] = []
        do {
            try await app.run(UpdateWordCounts())
        } catch let failed as PathProblems {
            problems = failed.problems  // unreadable folders: said after what was done
        }
        progress.finish()
        for line in lines.values { print(line) }
        // Each other name is said once, when first found (or by `track`), not on every update. An
        // update that found none reads nothing more: most never do, and an unchanged one writes nothing.
        let found = aliases.values.map(\.path)
        let newAliases = found.isEmpty ? [] : Set(try await app.run(NoteReportedAliases(paths: found)))
        for alias in aliases.values where newAliases.contains(alias.path) {
            print(
                "same file: \(alias.path.escapedForTerminal) is \(alias.trackedPath.escapedForTerminal), counted once")
        }
        for update in updates.values { print(Self.summary(update)) }
        // Every file that could not be read, not only the ones that just became so: status 1 says
        // something needs the writer's attention, and these lines say what. Looked up only when
        // the summary counted some, so an update with nothing to say reads nothing more.
        for problem in problems {
            Terminal.standardError(
                "wordcounter: \(problem.path.escapedForTerminal): \(problem.reason.escapedForTerminal)")
        }
        guard let summary = updates.values.last, summary.unreadable > 0 else {
            if !problems.isEmpty { throw ExitCode(1) }
            return
        }
        let unreadable = try await app.run(ShowStatus()).filter {
            $0.status == .unreadable
        }
        for row in unreadable {
            Terminal.standardError(
                "wordcounter: \(row.path.escapedForTerminal): \((row.reason ?? "unreadable").escapedForTerminal)")
        }
        throw ExitCode(1)
    }

    static func summary(_ event: WordCountsUpdated) -> String {
        "Checked \(event.checked.grouped) \(event.checked == 1 ? "file" : "files"): \(event.changed.grouped) changed, "
            + "\(event.moved.grouped) moved, \(event.missing.grouped) missing, \(event.unreadable.grouped) unreadable, "
            + "\(event.added.grouped) new."
    }
}
