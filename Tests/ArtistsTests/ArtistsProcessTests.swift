import Artists
import Foundation
import Harbor
import HarborHTTP
import HarborSQLite
import HarborTesting
import Testing

/// The built `artists` binary against the built `artists-server` on loopback, with a real
/// SQLite file: the development environment end to end, as the README runs it, Ctrl-C included.
@Suite("artists against artists-server", .serialized, .timeLimit(.minutes(3)))
struct ArtistsProcessTests {
    /// Starts `artists-server` on a free loopback port with `arguments`, runs `body` with its
    /// base URL, stops it.
    static func withServer<T>(_ arguments: [String] = [], _ body: (String) async throws -> T) async throws -> T {
        let server = try ChildProcess("artists-server", ["--port", "0"] + arguments)
        defer { server.terminate() }
        try await server.waitForOutput(containing: "\n")
        guard let range = server.output.range(of: "http://") else {
            throw ChildProcess.DidNotAppear(wanted: "http://", output: server.output, errors: server.errors)
        }
        return try await body(
            String(server.output[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Runs `artists` with `arguments` to its end: its exit status, output and errors.
    static func artists(_ arguments: [String]) async throws -> (status: Int32, output: String, errors: String) {
        let child = try ChildProcess("artists", arguments)
        let status = await child.exitStatus()
        return (status, child.output, child.errors)
    }

    /// The artists stored in the SQLite file at `path`, read as a fresh process would.
    static func stored(in path: String) async throws -> [Artist] {
        let app = UseCaseRunner(services: ArtistsServices(FakeArtistsAPI.service(), store: try SQLiteStore(path: path)))
        return try await app.run(ListArtists())
    }

    @Test("sync, touch, sync again, track and list through the real server and a real SQLite file")
    func endToEnd() async throws {
        let folder = try TemporaryFolder(prefix: "artists-tests")
        defer { try? folder.remove() }
        let store = "sqlite:" + folder.file("artists.sqlite")
        try await Self.withServer { url in
            let common = ["--env", "development", "--base-url", url, "--store", store]
            let first = try await Self.artists(["sync"] + common)
            #expect(first.status == 0, "\(first.errors)")
            let lines = first.output.split(separator: "\n")
            #expect(lines.count == 11, "\(first.output)")
            #expect(lines.first == "[1/10] stored Aretha Franklin")
            #expect(lines.last == "stored 10 of 10 artists (0 were up to date)")
            #expect(try await Self.stored(in: folder.file("artists.sqlite")).count == 10)

            // The server's copy of one artist changes: only that one is fetched again.
            let client = HTTPServiceClient(
                configuration: HTTPServiceConfiguration(baseURL: try #require(URL(string: url))))
            let touched = try await client.call(ArtistsAPI.touch, path: ["id": "miles-davis"])
            let second = try await Self.artists(["sync"] + common)
            #expect(second.status == 0, "\(second.errors)")
            #expect(second.output == "[1/1] stored Miles Davis\nstored 1 of 10 artists (9 were up to date)\n")
            let third = try await Self.artists(["sync"] + common)
            #expect(third.output == "all 10 artists are up to date\n")

            let track = try await Self.artists(["track", "Miles Davis"] + common)
            #expect(track.status == 0, "\(track.errors)")
            #expect(track.output == "tracking miles-davis\n")
            let again = try await Self.artists(["track", "miles davis"] + common)
            #expect(again.status == 0, "\(again.errors)")
            let list = try await Self.artists(["list", "--tracked"] + common)
            #expect(list.status == 0, "\(list.errors)")
            #expect(list.output == "* Miles Davis (jazz, 51 albums, updated \(touched.updatedAt))\n")
            let unknown = try await Self.artists(["track", "Nobody"] + common)
            #expect(unknown.status != 0)
            #expect(unknown.errors.contains("the API knows no artist called \"Nobody\""), "\(unknown.errors)")
        }
    }

    @Test("Ctrl-C during a sync cancels it, keeps what was stored, exits 130; the next sync finishes the job")
    func interruptedSync() async throws {
        let folder = try TemporaryFolder(prefix: "artists-tests")
        defer { try? folder.remove() }
        let path = folder.file("artists.sqlite")
        try await Self.withServer(["--slow", "300"]) { url in
            let common = ["--env", "development", "--base-url", url, "--store", "sqlite:\(path)"]
            let sync = try ChildProcess("artists", ["sync"] + common)
            try await sync.waitForOutput(containing: "[1/10] stored")
            sync.interrupt()
            let status = await sync.exitStatus()
            #expect(status == 130, "\(sync.output) \(sync.errors)")
            let printed = sync.output.split(separator: "\n").filter { $0.hasPrefix("[") }.count
            #expect(printed >= 1 && printed < 10, "\(sync.output)")
            #expect(
                sync.errors.contains("sync cancelled: \(printed) of 10 artists stored; run sync again to continue"),
                "\(sync.errors)")
            #expect(try await Self.stored(in: path).count == printed, "every artist reported stored is in the file")

            let rest = try await Self.artists(["sync"] + common)
            #expect(rest.status == 0, "\(rest.errors)")
            #expect(rest.output.hasSuffix("stored \(10 - printed) of 10 artists (\(printed) were up to date)\n"))
            #expect(try await Self.stored(in: path).count == 10)
        }
    }

    @Test("a stopped server is a one-line error naming the URL; the fake environment needs none")
    func errorsAndFake() async throws {
        let folder = try TemporaryFolder(prefix: "artists-tests")
        defer { try? folder.remove() }
        let store = "sqlite:" + folder.file("artists.sqlite")
        let refused = try await Self.artists(["sync", "--base-url", "http://127.0.0.1:1", "--store", store])
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains("could not connect to http://127.0.0.1:1: connection refused"), "\(refused.errors)")
        #expect(refused.errors.contains("http://127.0.0.1:1/artists"), "\(refused.errors)")
        #expect(!refused.errors.contains("errno"), "\(refused.errors)")
        let fake = try await Self.artists(["sync", "--env", "fake", "--fake-delay", "0", "--store", store])
        #expect(fake.status == 0, "\(fake.errors)")
        #expect(fake.output.hasSuffix("stored 10 of 10 artists (0 were up to date)\n"))
        let badStore = try await Self.artists(["list", "--store", "postgres:x"])
        #expect(badStore.status != 0)
        #expect(badStore.errors.contains("use sqlite:FILE"), "\(badStore.errors)")
    }

    @Test("three syncs at once on one SQLite file all succeed, and each artist is stored once")
    func concurrentSyncs() async throws {
        let folder = try TemporaryFolder(prefix: "artists-tests")
        defer { try? folder.remove() }
        // Started together, the syncs list the same ten stale artists and store them in the same
        // order, so two often insert one artist at once; a round without a clash proves nothing,
        // so several rounds run, each on a new file.
        for round in 1...8 {
            let path = folder.file("artists-\(round).sqlite")
            let common = ["sync", "--env", "fake", "--fake-delay", "5", "--store", "sqlite:\(path)"]
            let syncs = try (1...3).map { _ in try ChildProcess("artists", common) }
            for sync in syncs {
                let status = await sync.exitStatus()
                #expect(status == 0, "round \(round): \(sync.output) \(sync.errors)")
                #expect(!sync.errors.contains("artists/"), "no store key reaches the user: \(sync.errors)")
            }
            let stored = try await Self.stored(in: path)
            #expect(stored.count == 10)
            #expect(Set(stored.map(\.id)).count == 10)
        }
    }

    @Test("list on a store that does not exist is a clear error and creates nothing")
    func listMissingStore() async throws {
        let folder = try TemporaryFolder(prefix: "artists-tests")
        defer { try? folder.remove() }
        let path = folder.file("missing/artists.sqlite")
        for arguments in [["list"], ["list", "--tracked"], ["list", "--env", "fake"]] {
            let run = try await Self.artists(arguments + ["--store", "sqlite:\(path)"])
            #expect(run.status == 1, "\(arguments): \(run.output) \(run.errors)")
            #expect(run.errors.contains("no artists store at \(path)"), "\(run.errors)")
            #expect(run.errors.contains("artists sync"), "says how to make one: \(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(arguments) created the database")
            #expect(!FileManager.default.fileExists(atPath: folder.file("missing")), "\(arguments) made its folder")
        }
        // A sync creates it; then list reads it.
        let sync = try await Self.artists(["sync", "--env", "fake", "--fake-delay", "0", "--store", "sqlite:\(path)"])
        #expect(sync.status == 0, "\(sync.errors)")
        let list = try await Self.artists(["list", "--store", "sqlite:\(path)"])
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output.split(separator: "\n").count == 10)
    }

    @Test("--timeout bounds a whole command against a server that never answers, and says how to give more")
    func timeout() async throws {
        let folder = try TemporaryFolder(prefix: "artists-tests")
        defer { try? folder.remove() }
        let silent = try SilentServer()
        defer { silent.stop() }
        let store = "sqlite:" + folder.file("artists.sqlite")
        let sync = try await Self.artists(["sync", "--base-url", silent.url, "--store", store, "--timeout", "0.5"])
        #expect(sync.status == 1, "\(sync.output) \(sync.errors)")
        #expect(sync.errors.contains("deadline of 0.5 seconds"), "\(sync.errors)")
        #expect(sync.errors.contains("--timeout"), "\(sync.errors)")
        let track = try await Self.artists([
            "track", "Björk", "--base-url", silent.url, "--store", store, "--timeout", "0.5",
        ])
        #expect(track.status == 1, "\(track.output) \(track.errors)")
        #expect(track.errors.contains("--timeout"), "\(track.errors)")
        for bad in ["0", "-1", "soon", "nan"] {
            let run = try await Self.artists(["sync", "--store", store, "--timeout", bad])
            #expect(run.status == 64, "\(bad): \(run.errors)")
            #expect(run.errors.contains("--timeout"), "\(run.errors)")
        }
    }
}
