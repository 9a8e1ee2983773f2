import Foundation
import Testing
import WordCounterWeb

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `wordcounter serve --root` as a user starts it, with its watcher: a symbolic link in a tracked
/// folder to a file outside the root is never counted, and the log says so once. Every wait is a
/// blocking read of the server's log for the line an update writes; nothing sleeps.
@Suite("wordcounter serve --root bounds its watcher, end to end", .timeLimit(.minutes(2)))
struct ServeRootWatchTests {
    /// A running `serve` whose standard error is read line by line.
    final class Server {
        let process = Process()
        private let errors = Pipe()
        /// The log read so far.
        private(set) var log = ""
        let baseURL: String

        init(folder: URL, arguments: [String]) throws {
            process.executableURL = ServeProcess.executable
            process.arguments = arguments
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["WORDCOUNTER_DATABASE"] = folder.appendingPathComponent("db/wordcounter.sqlite").path
            environment["WORDCOUNTER_ENV"] = nil
            environment["WORDCOUNTER_TOKEN"] = nil
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            var received = Data()
            while !received.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw ServeProcess.Failure(description: "serve exited before listening") }
                received.append(chunk)
            }
            let line = String(decoding: received, as: UTF8.self).split(separator: "\n").first ?? ""
            guard let start = line.range(of: "http://") else {
                throw ServeProcess.Failure(description: "serve printed no address: \(line)")
            }
            baseURL = String(line[start.lowerBound...].prefix { $0 != "?" && $0 != " " })
                .trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        /// Reads the log until a line holds `text`.
        func readLog(until text: String) throws {
            while !log.split(separator: "\n").contains(where: { $0.contains(text) }) {
                let chunk = errors.fileHandleForReading.availableData
                guard !chunk.isEmpty else {
                    throw ServeProcess.Failure(description: "serve ended before saying \(text): \(log)")
                }
                log += String(decoding: chunk, as: UTF8.self)
            }
        }

        /// Stops it as Ctrl-C would, reads the rest of its log, and returns its exit status.
        func stop() -> Int32 {
            process.interrupt()
            log += String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return process.terminationStatus
        }

        /// The log's lines that hold `text`.
        func lines(holding text: String) -> [Substring] {
            log.split(separator: "\n").filter { $0.contains(text) }
        }

        /// `GET path`, decoded.
        func get<Value: Decodable>(_ path: String, as type: Value.Type) async throws -> Value {
            guard let url = URL(string: baseURL + path) else {
                throw ServeProcess.Failure(description: "bad URL \(baseURL)\(path)")
            }
            let (data, _) = try await URLSession.shared.data(from: url)
            return try JSONDecoder().decode(Value.self, from: data)
        }
    }

    @Test("a link in a tracked folder to a file outside --root is never counted, and said once")
    func linkOutsideRoot() async throws {
        let setup = try ServeProcess()  // the temporary folder, its database, `wordcounter track`
        let folder = setup.folder
        let novel = folder.appendingPathComponent("novel").path
        try setup.write("novel/a.md", "one two three\n")
        // Stand for /etc/passwd and /etc/shadow: files outside the root.
        let passwd = try setup.write("outside/passwd", (1...34).map { "root\($0)" }.joined(separator: " "))
        let shadow = try setup.write("outside/shadow", "hash one two")
        try setup.run("track", novel)
        try FileManager.default.createSymbolicLink(atPath: novel + "/passwd.md", withDestinationPath: passwd)

        let server = try Server(folder: folder, arguments: ["serve", "--watch", "--port", "0", "--root", novel])
        try server.readLog(until: "passwd.md")  // the watcher's first update found it
        #expect(try await server.get("/api/files", as: FilePageObject.self).files.map(\.path) == [novel + "/a.md"])
        #expect(try await server.get("/api/summary", as: SummaryObject.self).today == 0)  // not +34

        // A full update finds the link again: a tracked file deleted, and a folder moved in at once
        // whose link to a file outside sorts after passwd.md, so its line comes after passwd's would.
        try FileManager.default.createDirectory(
            atPath: folder.appendingPathComponent("staging/zz-part").path, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("staging/zz-part/shadow.md").path, withDestinationPath: shadow)
        try FileManager.default.moveItem(
            atPath: folder.appendingPathComponent("staging/zz-part").path, toPath: novel + "/zz-part")
        try FileManager.default.removeItem(atPath: novel + "/a.md")
        try server.readLog(until: "shadow.md")
        #expect(try await server.get("/api/files", as: FilePageObject.self).files.map(\.path) == [novel + "/a.md"])
        #expect(try await server.get("/api/summary", as: SummaryObject.self).today == 0)

        #expect(server.stop() == 0)
        let really = URL(fileURLWithPath: passwd).resolvingSymlinksInPath().path
        let shadowReally = URL(fileURLWithPath: shadow).resolvingSymlinksInPath().path
        #expect(
            server.lines(holding: "not tracking").map { line in
                line.range(of: "not tracking").map { String(line[$0.lowerBound...]) } ?? String(line)
            } == [
                "not tracking \(novel)/passwd.md: it leads to \(really), outside the allowed folders (--root)",
                "not tracking \(novel)/zz-part/shadow.md: it leads to \(shadowReally), outside the allowed folders (--root)",
            ], "\(server.log)")
    }
}
