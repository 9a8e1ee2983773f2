import Foundation
import Testing

/// `wordcounter serve`'s settings from its flags, its WORDCOUNTER_SERVE_* variables and a --config
/// file, through the real executable and real files.
@Suite("wordcounter serve's settings: flags, environment, configuration file")
struct ServeSettingsTests {
    @Test("a flag wins over its variable and the file, a variable over the file, the file over the default")
    func precedence() async throws {
        let serve = try ServeProcess()
        let file = try serve.write(
            "serve.json", #"{"host": "localhost", "port": 70000, "token": "token-from-the-file-0123"}"#)
        // --port 0 (given by `start`) over WORDCOUNTER_SERVE_PORT and the file's "port", both out of
        // range: either would stop it starting.
        serve.extraEnvironment = ["WORDCOUNTER_SERVE_PORT": "70000", "WORDCOUNTER_SERVE_HOST": "127.0.0.1"]
        try serve.start("--config", file)
        // WORDCOUNTER_SERVE_HOST over the file's "host".
        #expect(serve.baseURL.hasPrefix("http://127.0.0.1:"))
        // The file's "token" over the default (none on loopback): asked for without it, refused.
        #expect(try await serve.get("/api/summary").status == 401)
        #expect(try await serve.get("/api/summary", bearer: "token-from-the-file-0123").status == 200)
        #expect(serve.stop() == 0)
    }

    @Test("a bad value is refused naming its variable or its key in the file, and nothing starts")
    func badValues() async throws {
        let serve = try ServeProcess()
        serve.extraEnvironment = ["WORDCOUNTER_SERVE_SESSION_TARGET": "abc"]
        let variable = #expect(throws: ServeProcess.Failure.self) { try serve.start() }
        #expect(
            variable?.description.contains("WORDCOUNTER_SERVE_SESSION_TARGET must be a whole number, not 'abc'")
                == true,
            "\(variable?.description ?? "")")
        serve.extraEnvironment = [:]
        let file = try serve.write("serve.json", #"{"poll": "often"}"#)
        let key = #expect(throws: ServeProcess.Failure.self) { try serve.start("--config", file) }
        #expect(key?.description.contains("\"poll\" in \(file) must be a number, not \"often\"") == true)
        let typo = try serve.write("typo.json", #"{"sessionTarge": 500}"#)
        let unknown = #expect(throws: ServeProcess.Failure.self) { try serve.start("--config", typo) }
        #expect(unknown?.description.contains("unknown key \"sessionTarge\"") == true)
    }
}
