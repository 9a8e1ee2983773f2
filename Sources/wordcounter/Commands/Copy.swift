import ArgumentParser
import Foundation
import Harbor
import WordCounter

/// `wordcounter copy --to URL|PATH`: the whole history into another database.
struct Copy: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy the whole history into another database: a PostgreSQL server or a SQLite file.",
        discussion: """
            Copies every tracked file and folder, every day's counts, projects, goals and settings \
            from the database in use (--database) to the one --to names, then checks that each \
            collection holds as many records there as here and prints the counts. Progress goes \
            to standard error. The target must hold no history; --force replaces what it holds.

              wordcounter copy --to postgres://writer@db.example.com/words
              wordcounter --database postgres://writer@db.example.com/words copy --to ~/words.sqlite
            """)

    @OptionGroup var options: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "The database to copy into: a postgres://user@host:port/database URL or a SQLite file.",
            valueName: "url|path"))
    var to: String

    @Flag(help: "Replace the history the target holds, if any.")
    var force = false

    func validate() throws {
        if to.isEmpty { throw ValidationError("--to needs a postgres:// URL or a SQLite file") }
        if let problem = DatabaseLocation.unsupportedScheme(to) { throw ValidationError("--to \(problem)") }
        if DatabaseLocation.isServer(to) {
            do {
                _ = try DatabaseLocation.serverConfiguration(to, environment: ProcessInfo.processInfo.environment)
            } catch {
                throw ValidationError("the target URL \(error)")
            }
        }
        let source = DatabaseLocation.resolve(flag: options.database, environment: ProcessInfo.processInfo.environment)
        // A server named twice may differ in spelling (`Postgres://`, a password, the default port).
        let sameServer =
            DatabaseLocation.isServer(source) && DatabaseLocation.isServer(to)
            && DatabaseLocation.described(source) == DatabaseLocation.described(to)
        if source == to || sameServer { throw ValidationError("--to names the database in use; name another one") }
    }

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(readingOnly: true, in: scope)
        // The copy reports each batch through its run; a line each, whether or not a person watches.
        let progress = app.observe { event in
            guard case .progress(_, let progress) = event, let message = progress.message else { return }
            Terminal.standardError("\(message): \(progress.completed.grouped) of \((progress.total ?? 0).grouped)")
        }
        defer { progress.cancel() }
        let copied = try await app.run(CopyHistory(to: HistoryLocation(to), replacing: force))
        let rows = copied.map { [$0.collection, $0.count.grouped] }
        print(TextTable(header: ["COLLECTION", "RECORDS"], rows: rows, rightAligned: [1]).text)
        print(
            "Copied and checked: every collection holds as many records in \(CopyTarget.describe(to).escapedForTerminal) as here."
        )
    }
}
