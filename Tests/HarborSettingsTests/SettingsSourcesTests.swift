import Configuration
import Foundation
import HarborSettings
import Testing

/// Settings merged from flags, the environment, a JSON file on disk and defaults, as a server
/// reads them; bad values refused naming the key and where it came from.
@Suite("server settings: flags, environment, file, defaults")
struct SettingsSourcesTests {
    static let names = [
        SettingName(key: "host", flag: "--host", variable: "DEMO_HOST"),
        SettingName(key: "port", flag: "--port", variable: "DEMO_PORT"),
        SettingName(key: "token", flag: "--token", variable: "DEMO_TOKEN"),
        SettingName(key: "maxWait", flag: "--max-wait", variable: "DEMO_MAX_WAIT"),
        SettingName(key: "roots", flag: "--root", variable: "DEMO_ROOTS"),
    ]

    /// A folder of its own for the configuration files, removed at the end.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")

        init() throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit {
            try? FileManager.default.removeItem(at: url)
        }

        /// Writes `text` to `name`; its path.
        func write(_ name: String, _ text: String) throws -> String {
            let file = url.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file.path
        }
    }

    static func sources(
        flags: [String: ConfigContent] = [:], file: String? = nil, environment: [String: String] = [:]
    ) async throws(SettingsError) -> SettingsSources {
        try await SettingsSources(
            settings: names, flags: flags, file: ("--config", file), fileVariable: "DEMO_CONFIG",
            environment: environment)
    }

    @Test("a flag wins over its variable, a variable over the file, the file over the default")
    func precedence() async throws {
        let folder = try Folder()
        let file = try folder.write(
            "demo.json", #"{"host": "file.example", "port": 3000, "maxWait": 30, "token": "from-file"}"#)
        let sources = try await Self.sources(
            flags: ["host": .string("flag.example")], file: file,
            environment: ["DEMO_HOST": "env.example", "DEMO_PORT": "4000"])
        let read = try sources.read { config in
            (
                host: config.string(forKey: "host", default: "localhost"),
                port: config.int(forKey: "port", default: 8080),
                maxWait: config.int(forKey: "maxWait", default: 60),
                token: config.string(forKey: "token"),
                roots: config.stringArray(forKey: "roots", default: ["/default"])
            )
        }
        #expect(read.host == "flag.example")
        #expect(read.port == 4000)
        #expect(read.maxWait == 30)
        #expect(read.token == "from-file")
        #expect(read.roots == ["/default"])
        #expect(sources.origin(of: "host") == "--host")
        #expect(sources.origin(of: "port") == "DEMO_PORT")
        #expect(sources.origin(of: "maxWait") == "\"maxWait\" in \(file)")
        #expect(sources.origin(of: "roots") == nil)
    }

    @Test("the file is named by its flag, else by its variable; an empty variable counts as unset")
    func fileVariable() async throws {
        let folder = try Folder()
        let named = try folder.write("named.json", #"{"port": 1}"#)
        let variable = try folder.write("variable.json", #"{"port": 2}"#)
        let byFlag = try await Self.sources(file: named, environment: ["DEMO_CONFIG": variable])
        #expect(byFlag.reader.int(forKey: "port", default: 0) == 1)
        let byVariable = try await Self.sources(environment: ["DEMO_CONFIG": variable, "DEMO_PORT": ""])
        #expect(byVariable.file == variable)
        #expect(byVariable.reader.int(forKey: "port", default: 0) == 2)
    }

    @Test("lists: a JSON array in the file, :-separated in a variable")
    func lists() async throws {
        let folder = try Folder()
        let file = try folder.write("roots.json", #"{"roots": ["/a", "/b c"]}"#)
        let fromFile = try await Self.sources(file: file)
        #expect(try fromFile.read { $0.stringArray(forKey: "roots", default: []) } == ["/a", "/b c"])
        let fromVariable = try await Self.sources(file: file, environment: ["DEMO_ROOTS": "/x:/y"])
        #expect(try fromVariable.read { $0.stringArray(forKey: "roots", default: []) } == ["/x", "/y"])
    }

    @Test("a variable that is not a number is refused naming the variable and its value")
    func badVariable() async throws {
        let sources = try await Self.sources(environment: ["DEMO_PORT": "abc"])
        let error = #expect(throws: SettingsError.self) {
            try sources.read { $0.int(forKey: "port", default: 8080) }
        }
        #expect(error?.key == "port")
        #expect(error?.description == "DEMO_PORT must be a whole number, not 'abc'")
    }

    @Test("a value of the wrong type in the file is refused naming the key and the file")
    func badFileValue() async throws {
        let folder = try Folder()
        let file = try folder.write("bad.json", #"{"port": "x"}"#)
        let sources = try await Self.sources(file: file)
        let error = #expect(throws: SettingsError.self) {
            try sources.read { $0.int(forKey: "port", default: 8080) }
        }
        #expect(error?.key == "port")
        #expect(error?.description == "\"port\" in \(file) must be a whole number, not \"x\"")
    }

    @Test("a value refused by the server names where it came from")
    func invalid() async throws {
        let folder = try Folder()
        let file = try folder.write("range.json", #"{"port": 70000}"#)
        let fromFile = try await Self.sources(file: file)
        #expect(fromFile.invalid("port", "must be 0 to 65535").description == "\"port\" in \(file) must be 0 to 65535")
        let fromFlag = try await Self.sources(flags: ["port": .int(70000)], file: file)
        #expect(fromFlag.invalid("port", "must be 0 to 65535").description == "--port must be 0 to 65535")
    }

    @Test("an unknown key in the file is refused, naming it and the keys there are")
    func unknownKey() async throws {
        let folder = try Folder()
        let file = try folder.write("typo.json", #"{"prot": 8080}"#)
        let error = await #expect(throws: SettingsError.self) { try await Self.sources(file: file) }
        #expect(error?.key == "prot")
        #expect(error?.description.contains("unknown key \"prot\"") == true)
        #expect(error?.description.contains("host, maxWait, port, roots, token") == true)
        let nested = try folder.write("nested.json", #"{"http": {"port": 8080}}"#)
        let nestedError = await #expect(throws: SettingsError.self) { try await Self.sources(file: nested) }
        #expect(nestedError?.key == "http.port")
    }

    @Test("a missing, unreadable or malformed file is refused naming it, and where it was named")
    func badFiles() async throws {
        let folder = try Folder()
        let missing = folder.url.appendingPathComponent("missing.json").path
        let cases: [(String, String)] = [
            (missing, "the configuration file \(missing) (--config) does not exist"),
            (folder.url.path, "the configuration file \(folder.url.path) (--config) is a folder, not a JSON file"),
            (try folder.write("cut.json", #"{"port": "#), "(--config) is not JSON"),
            (try folder.write("list.json", "[1, 2]"), "must hold one JSON object"),
        ]
        for (file, expected) in cases {
            let error = await #expect(throws: SettingsError.self) { try await Self.sources(file: file) }
            #expect(error?.description.contains(expected) == true, "\(error?.description ?? "no error")")
        }
        let error = await #expect(throws: SettingsError.self) {
            try await Self.sources(environment: ["DEMO_CONFIG": missing])
        }
        #expect(error?.description == "the configuration file \(missing) (DEMO_CONFIG) does not exist")
    }
}
