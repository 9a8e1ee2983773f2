import Foundation
import Testing

@Suite("Database URLs: a scheme that is not supported is refused, schemes in any case, never a password shown")
struct DatabaseURLCommandTests {
    /// Every file and folder below the CLI's folder, relative to it.
    private func contents(of cli: CLI) -> [String] {
        FileManager.default.enumerator(atPath: cli.folder.path).map { $0.compactMap { $0 as? String } } ?? []
    }

    @Test(
        "copy --to a mistyped scheme is a usage error naming the supported ones; nothing is created, no password shown")
    func copyToMistypedScheme() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let before = Set(contents(of: cli))
        let copy = try await cli.run("copy", "--to", "postgress://writer:PASSWORD@host/db")
        #expect(copy.status == 2, "\(copy.output)\(copy.errors)")
        #expect(copy.errors.contains("'postgress://' is not a supported scheme"), "\(copy.errors)")
        #expect(copy.errors.contains("postgres://") && copy.errors.contains("postgresql://"))
        #expect(!(copy.output + copy.errors).contains("PASSWORD"))
        #expect(Set(contents(of: cli)) == before)
    }

    @Test(
        "--database or $WORDCOUNTER_DATABASE with an unsupported scheme is refused without its password",
        arguments: ["HTTP://writer:PASSWORD@host/db", "sqlite://writer:PASS/WORD@host/db", "postgress://w:PASSWORD@h"])
    func unsupportedDatabase(url: String) async throws {
        let cli = try CLI()
        defer { cli.remove() }
        for result in [
            try await cli.run(["status", "--database", url]),
            try await cli.run(["update"], environment: ["WORDCOUNTER_DATABASE": url]),
        ] {
            #expect(result.status == 2, "\(result.errors)")
            #expect(result.errors.contains("is not a supported scheme; use postgres:// or postgresql://"))
            #expect(!(result.output + result.errors).contains("PASSWORD"), "\(result.errors)")
            #expect(!(result.output + result.errors).contains("PASS/WORD"), "\(result.errors)")
        }
        #expect(contents(of: cli).isEmpty)
    }

    @Test(
        "a PostgreSQL scheme in any case names the server (without its password), not a SQLite file",
        arguments: ["Postgres://writer:PASSWORD@127.0.0.1:1/db", "POSTGRESQL://writer:PASSWORD@127.0.0.1:1/db"])
    func schemeInAnyCase(url: String) async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "one two three")
        #expect(try await cli.run("track", "novel").status == 0)
        let before = Set(contents(of: cli))
        for result in [
            try await cli.run(["status", "--database", url], useDatabase: false),
            try await cli.run(["copy", "--to", url]),
        ] {
            #expect(result.status == 1, "\(result.output)\(result.errors)")
            #expect(result.errors.contains("postgres://writer@127.0.0.1:1/db cannot be reached"), "\(result.errors)")
            #expect(!(result.output + result.errors).contains("PASSWORD"), "\(result.errors)")
        }
        #expect(Set(contents(of: cli)) == before)
    }

    @Test("copy --to the server in use, spelled otherwise (scheme case, password, port), is refused")
    func copyOntoSameServer() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        let result = try await cli.run(
            [
                "copy", "--database", "postgres://writer@127.0.0.1/words", "--to",
                "POSTGRESQL://writer:PASSWORD@127.0.0.1:5432/words",
            ],
            useDatabase: false)
        #expect(result.status == 2, "\(result.errors)")
        #expect(result.errors.contains("--to names the database in use"), "\(result.errors)")
        #expect(!result.errors.contains("PASSWORD"))
    }
}
