import ArgumentParser
import Harbor
import Synchronization
import WordCounter

/// `wordcounter track`: starts tracking files and folders.
struct Track: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "track",
        abstract: "Track files and folders; a folder's text files are tracked, also ones added later.",
        discussion: """
            A folder contributes its files ending in .md .markdown .mdown .mkd .txt .text .rst .tex \
            .org .fountain, recursively (hidden folders are skipped). --include replaces that list \
            with globs; --exclude leaves files out. A glob without / matches the file name, one \
            with / the path inside the folder; ** crosses folders.

            The first count of a file is its baseline: tracking a finished draft writes nothing today. \
            A file that cannot be read (binary, permission denied) is still tracked, shown by \
            `status` with its reason, and named on standard error; the exit status is then 1. \
            A second name of a tracked file (a hard link, a symbolic link to it) is not tracked \
            again: it is named as skipped, and the file's words count once.

              wordcounter track ~/novel
              wordcounter track ~/novel --exclude 'drafts/**' --exclude '*.txt'
              wordcounter track ~/notes --include '*.md' --include '*.note'

            Machines sharing one database (docs/machines.md) count a manuscript that a sync tool \
            keeps on each of them once, when their folders have one name: the folder's own last \
            component, or the one given with --as. When this folder holds the text of another \
            machine's folder of another name, track says so; make them one with:

              wordcounter track ~/Dropbox/Novel --as novel
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: ArgumentHelp("Track only files matching this glob (repeatable).", valueName: "glob"))
    var include: [String] = []

    @Option(help: ArgumentHelp("Leave out files matching this glob (repeatable).", valueName: "glob"))
    var exclude: [String] = []

    @Option(
        name: .customLong("as"),
        help: ArgumentHelp(
            "The name the one folder given shares with other machines' copies (default: its own name).",
            valueName: "name"))
    var sharedName: String?

    @Argument(help: ArgumentHelp("Files and folders to track.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one file or folder to track") }
        if paths.contains("") { throw ValidationError("an empty path names no file") }
        if let sharedName {
            if paths.count != 1 { throw ValidationError("--as names one folder: give exactly one folder to track") }
            if let problem = SharedNameError.problem(with: sharedName) { throw ValidationError("--as: \(problem)") }
        }
    }

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(in: scope)
        let services = app.services
        let tracked = Tally()
        let unreadable = Lines()
        let aliases = Lines()
        let aliasPaths = Lines()
        let sameText = Lines()
        let events = services.persistence.events
        let subscriptions = [
            events.subscribe(to: FileTracked.self) { tracked.add($0.words ?? 0) },
            events.subscribe(to: FileBecameUnreadable.self) {
                unreadable.append("\($0.path.escapedForTerminal): \($0.problem.description.escapedForTerminal)")
            },
            events.subscribe(to: SameTextUnderAnotherName.self) { found in
                let files = found.files == 1 ? "1 file has" : "\(found.files.grouped) files have"
                sameText.append(
                    "warning: \(files) the text of \(found.otherMachine.escapedForTerminal)'s "
                        + "\(found.otherPath.escapedForTerminal) (shared as '\(found.otherName.escapedForTerminal)'), "
                        + "but \(found.path.escapedForTerminal) is "
                        + (found.name.map { "shared as '\($0.escapedForTerminal)'" } ?? "not shared")
                        + ": if they are one manuscript, each machine counts it once only with "
                        + "`wordcounter track \(found.path.escapedForTerminal) --as \(found.otherName.escapedForTerminal)`"
                )
            },
            events.subscribe(to: FileAliasSkipped.self) {
                aliasPaths.append($0.path)
                aliases.append(
                    "skipped: \($0.path.escapedForTerminal) is another name of \($0.trackedPath.escapedForTerminal), "
                        + "counted once")
            },
        ]
        let progress = ProgressBar()
        let drawing = progress.attach(to: app)
        defer { withExtendedLifetime((subscriptions, drawing)) {} }
        var problems: [PathProblems.Problem] = []
        do {
            try await app.run(
                TrackFiles(
                    paths: paths, filter: FileFilter(include: include, exclude: exclude), sharedName: sharedName))
        } catch let failed as PathProblems {
            problems = failed.problems
        } catch let refused as SharedNameError {
            throw ValidationError(refused.description)
        }
        progress.finish()
        for line in aliases.values { print(line) }
        // Said here: the next update need not say it again.
        if !aliasPaths.values.isEmpty { _ = try await app.run(NoteReportedAliases(paths: aliasPaths.values)) }
        print(tracked.summary)
        for line in sameText.values { Terminal.standardError("wordcounter: \(line)") }
        // Tracked but not countable (binary, permission denied): kept, and said, with status 1.
        for line in unreadable.values { Terminal.standardError("wordcounter: \(line)") }
        if !problems.isEmpty { throw PathProblems(problems) }
        if !unreadable.values.isEmpty { throw ExitCode(1) }
    }
}

/// Counts tracked files and their words from events.
final class Tally: Sendable {
    private let state = Mutex((files: 0, words: 0))

    func add(_ words: Int) {
        state.withLock {
            $0.files += 1; $0.words += words
        }
    }

    var summary: String {
        let (files, words) = state.withLock { ($0.files, $0.words) }
        if files == 0 { return "No new files to track." }
        return
            "Tracking \(files.grouped) new \(files == 1 ? "file" : "files") (\(words.grouped) words as the baseline)."
    }
}
