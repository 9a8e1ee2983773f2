import ChildOutput
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `artists-server`'s settings from its flags, its ARTISTS_SERVER_* variables and a --config file:
/// the real executable, a real file.
@Suite("artists-server's settings: flags, environment, configuration file")
struct ArtistsServerSettingsTests {
    /// Writes `text` to a file of its own; its path.
    static func file(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "artists-server-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let unset: [String: String?] = [
        "ARTISTS_SERVER_HOST": nil, "ARTISTS_SERVER_PORT": nil, "ARTISTS_SERVER_SLOW": nil,
        "ARTISTS_SERVER_CONFIG": nil,
    ]

    @Test("a flag wins over its variable, a variable over the file, the file over the default; it answers")
    func precedence() async throws {
        let file = try Self.file(#"{"host": "localhost", "port": 70000, "slow": -5}"#)
        defer { try? FileManager.default.removeItem(atPath: file) }
        // --port 0 over ARTISTS_SERVER_PORT and the file's "port", ARTISTS_SERVER_SLOW over the file's
        // "slow": each loser is out of range, and would stop it starting. The file's "host" over
        // the default 127.0.0.1.
        let environment = Self.unset.merging(["ARTISTS_SERVER_PORT": "70000", "ARTISTS_SERVER_SLOW": "0"]) { $1 }
        let server = try await StartedServer(
            ChildProcess.executable("artists-server"), arguments: ["--port", "0", "--config", file],
            environment: environment)
        let url = try #require(server.url, "\(server.refusal?.errors ?? "")")
        #expect(url.host == "localhost")
        let (_, response) = try await URLSession.shared.data(from: url.appendingPathComponent("artists"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("a bad value is refused naming its variable or its key in the file, and nothing starts")
    func badValues() async throws {
        let server = try await StartedServer(
            ChildProcess.executable("artists-server"), arguments: [],
            environment: Self.unset.merging(["ARTISTS_SERVER_PORT": "abc"]) { $1 })
        #expect(server.line == nil)
        #expect(server.refusal?.status != 0)
        #expect(server.refusal?.errors.contains("ARTISTS_SERVER_PORT must be a whole number, not 'abc'") == true)
        let file = try Self.file(#"{"slow": "very"}"#)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let fromFile = try await StartedServer(
            ChildProcess.executable("artists-server"), arguments: ["--config", file], environment: Self.unset)
        #expect(fromFile.line == nil)
        #expect(fromFile.refusal?.errors.contains("\"slow\" in \(file) must be a whole number, not \"very\"") == true)
    }
}
