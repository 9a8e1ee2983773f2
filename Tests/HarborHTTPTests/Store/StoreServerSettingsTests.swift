import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `harbor-store-server`'s settings from its flags, its HARBOR_STORE_* variables and a --config
/// file, as a user gives them: the real executable, real files.
@Suite("harbor-store-server's settings: flags, environment, configuration file")
struct StoreServerSettingsTests {
    /// A folder for the configuration files and stores, removed at the end.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("store-settings-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        /// Writes `text` to `name`; its path.
        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
            return path(name)
        }
    }

    @Test("a flag wins over its variable, a variable over the file, the file over the default")
    func precedence() async throws {
        let folder = try Folder()
        let file = try folder.write(
            "server.json",
            #"{"store": "json:\#(folder.path("from-file"))", "host": "localhost", "port": 0, "maxWait": 5}"#)
        let server = try await StoreServerProcess(
            arguments: ["--store", "memory", "--config", file],
            environment: ["HARBOR_STORE": "json:\(folder.path("from-environment"))", "HARBOR_STORE_HOST": "127.0.0.1"])
        // --store over HARBOR_STORE (and the file): neither folder is made.
        #expect(!FileManager.default.fileExists(atPath: folder.path("from-environment")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("from-file")))
        // HARBOR_STORE_HOST over the file's "host".
        #expect(server.url.host == "127.0.0.1")
        // The file's "port" (0: a free one) over the default 8095.
        #expect(server.url.port != nil && server.url.port != 8095)
        try await server.kill()
    }

    @Test("started from a configuration file alone, it answers on the port the file names")
    func fromFile() async throws {
        let folder = try Folder()
        let free = try ClosedPort()
        free.release()
        let file = try folder.write("server.json", #"{"store": "memory", "port": \#(free.port)}"#)
        let server = try await StoreServerProcess(arguments: [], environment: ["HARBOR_STORE_CONFIG": file])
        #expect(server.url.port == free.port)
        let (_, response) = try await URLSession.shared.data(from: server.url.appendingPathComponent("metrics"))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        try await server.kill()
    }

    @Test("a bad value is refused naming its variable or its key in the file, and nothing starts")
    func badValues() async throws {
        let folder = try Folder()
        let (status, message) = try await StoreServerCommandTests.run(
            ["--store", "memory"], environment: ["HARBOR_STORE_PORT": "abc"])
        #expect(status != 0)
        #expect(message.contains("HARBOR_STORE_PORT must be a whole number, not 'abc'"))
        let file = try folder.write("bad.json", #"{"store": "memory", "port": "x"}"#)
        let (fromFile, fileMessage) = try await StoreServerCommandTests.run(["--config", file])
        #expect(fromFile != 0)
        #expect(fileMessage.contains("\"port\" in \(file) must be a whole number, not \"x\""))
        let range = try folder.write("range.json", #"{"store": "memory", "port": 70000}"#)
        let (outOfRange, rangeMessage) = try await StoreServerCommandTests.run(["--config", range])
        #expect(outOfRange != 0)
        #expect(rangeMessage.contains("\"port\" in \(range) must be 0 to 65535, not 70000"))
        let typo = try folder.write("typo.json", #"{"store": "memory", "prot": 8095}"#)
        let (unknown, unknownMessage) = try await StoreServerCommandTests.run(["--config", typo])
        #expect(unknown != 0)
        #expect(unknownMessage.contains("unknown key \"prot\""))
        let (missing, missingMessage) = try await StoreServerCommandTests.run(
            [], environment: ["HARBOR_STORE_CONFIG": folder.path("none.json")])
        #expect(missing != 0)
        #expect(missingMessage.contains("\(folder.path("none.json")) (HARBOR_STORE_CONFIG) does not exist"))
        let (noStore, noStoreMessage) = try await StoreServerCommandTests.run(["--port", "0"])
        #expect(noStore != 0)
        #expect(noStoreMessage.contains("name the store to serve: --store, HARBOR_STORE"))
    }
}
