import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A real `wordcounter serve --no-watch --port 0` child process on a database of its own, in a
/// temporary folder, as a user would start it.
final class ServeProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The temporary folder holding the database and the writer's files.
    let folder: URL
    private var server: Process?
    /// `http://127.0.0.1:PORT`, once started.
    private(set) var baseURL = ""
    /// What `serve` printed when it started listening, up to `Press Ctrl-C to stop.`
    private(set) var announcement = ""
    /// Variables added to the environment of the processes started from now on.
    var extraEnvironment: [String: String] = [:]

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordcounter-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        if let server, server.isRunning { server.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The executable beside the test bundle, which `swift test` builds with every other product.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("wordcounter").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("wordcounter")
    }

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WORDCOUNTER_DATABASE"] = folder.appendingPathComponent("db/wordcounter.sqlite").path
        environment["WORDCOUNTER_ENV"] = nil
        environment["WORDCOUNTER_TOKEN"] = nil
        for name in environment.keys where name.hasPrefix("WORDCOUNTER_SERVE_") { environment[name] = nil }
        for name in environment.keys where name.hasPrefix("OTEL_") { environment[name] = nil }
        return environment.merging(extraEnvironment) { _, new in new }
    }

    /// Writes `text` to `name` inside the folder; returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Appends `text` to `name` inside the folder.
    func append(_ name: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: folder.appendingPathComponent(name))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Runs `wordcounter arguments…` to completion; throws when it fails.
    func run(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "wordcounter \(arguments.joined(separator: " ")) failed: \(errorText)")
        }
    }

    /// Starts `wordcounter serve --no-watch --port 0 extra…` and waits for the line with its address.
    /// Starts `serve` on a free loopback port; without the watcher unless `watching`.
    func start(watching: Bool = false, _ extra: String...) throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["serve", watching ? "--watch" : "--no-watch", "--port", "0"] + extra
        process.currentDirectoryURL = folder
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        server = process
        var received = Data()
        while !String(decoding: received, as: UTF8.self).contains("Press Ctrl-C to stop.\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                throw Failure(description: "serve exited before listening: \(errorText)")
            }
            received.append(chunk)
        }
        announcement = String(decoding: received, as: UTF8.self)
        let line = announcement.split(separator: "\n")[0]
        guard let start = line.range(of: "http://") else {
            throw Failure(description: "serve printed no address: \(line)")
        }
        let address = String(line[start.lowerBound...])
        baseURL = String(address.prefix { $0 != "?" }).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }

    /// The port the server listens on, once started.
    var port: Int {
        Int(baseURL.split(separator: ":").last ?? "") ?? 0
    }

    /// `GET path` on the server: the status and the body.
    func get(_ path: String, bearer: String? = nil) async throws -> (status: Int, body: Data) {
        guard let url = URL(string: baseURL + path) else { throw Failure(description: "bad URL \(baseURL)\(path)") }
        var request = URLRequest(url: url)
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
    }

    /// `method path` on the server with an optional JSON body: the status, the header fields (by
    /// lowercased name) and the body.
    func send(
        _ method: String, _ path: String, bearer: String? = nil, json: String? = nil
    ) async throws -> (status: Int, headers: [String: String], body: Data) {
        guard let url = URL(string: baseURL + path) else { throw Failure(description: "bad URL \(baseURL)\(path)") }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let bearer { request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization") }
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        var headers: [String: String] = [:]
        for (name, value) in (response as? HTTPURLResponse)?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, headers, data)
    }

    /// Stops the server as Ctrl-C would; returns its exit status.
    func stop() -> Int32 {
        guard let server else { return 0 }
        server.interrupt()
        server.waitUntilExit()
        self.server = nil
        return server.terminationStatus
    }
}
