import ArgumentParser
import WordCounter

/// `wordcounter untrack`: stops tracking files and folders.
struct Untrack: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "untrack",
        abstract: "Stop tracking files or folders; their past history stays.",
        discussion: "Untracking is not negative writing: the files simply stop counting from now on.")

    @OptionGroup var options: GlobalOptions

    @Argument(help: ArgumentHelp("Files and folders to stop tracking.", valueName: "path"))
    var paths: [String]

    func validate() throws {
        if paths.isEmpty { throw ValidationError("name at least one file or folder to untrack") }
        if paths.contains("") { throw ValidationError("an empty path names no file") }
    }

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(in: scope)
        let services = app.services
        let untracked = Lines()
        let subscription = services.persistence.events.subscribe(to: FileUntracked.self) { untracked.append($0.path) }
        defer { withExtendedLifetime(subscription) {} }
        try await app.run(UntrackFiles(paths: paths))
        let count = untracked.values.count
        print("Stopped tracking \(count.grouped) \(count == 1 ? "file" : "files").")
    }
}
