import ChildOutput
import Foundation
import Testing

/// The built `todos` binary against the built `todos-server` on loopback: the development
/// environment end to end, as the README runs it.
@Suite("todos against todos-server", .serialized, .timeLimit(.minutes(2)))
struct TodosProcessTests {
    struct Run: Sendable {
        let status: Int32
        let output: String
        let errors: String
    }

    /// A product beside the test bundle, which `swift build` builds with every other product.
    static func executable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// Runs `todos` with `arguments` to its end.
    static func todos(_ arguments: [String]) async throws -> Run {
        let process = Process()
        process.executableURL = executable("todos")
        process.arguments = arguments
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        let (exited, exit) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        for await _ in exited {}
        // The outputs are a few lines, far below a pipe's buffer, so reading after the exit is safe.
        let text = { (pipe: Pipe) in String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        return Run(status: process.terminationStatus, output: text(output), errors: text(errors))
    }

    /// Starts `todos-server` on a free loopback port, runs `body` with its base URL, stops it.
    static func withServer<T>(_ body: (String) async throws -> T) async throws -> T {
        let process = Process()
        process.executableURL = executable("todos-server")
        process.arguments = ["--port", "0"]
        let output = Pipe()
        process.standardOutput = output
        let (lines, continuation) = AsyncStream<String>.makeStream()
        try process.run()
        defer { process.terminate() }
        _ = PipeReader(output.fileHandleForReading) { data in
            continuation.yield(String(decoding: data, as: UTF8.self))
        } ended: {
            continuation.finish()
        }
        var printed = ""
        for await chunk in lines {
            printed += chunk
            if printed.contains("\n") { break }
        }
        guard let range = printed.range(of: "http://") else {
            throw ServerDidNotStart(output: printed)
        }
        let url = String(printed[range.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        return try await body(url)
    }

    struct ServerDidNotStart: Error {
        let output: String
    }

    @Test("add, complete and list through the real server")
    func endToEnd() async throws {
        try await Self.withServer { url in
            let common = ["--env", "development", "--base-url", url]
            let added = try await Self.todos(["add", "Buy milk"] + common)
            #expect(added.status == 0, "\(added.errors)")
            #expect(added.output == "added 4\n")
            let completed = try await Self.todos(["complete", "4"] + common)
            #expect(completed.status == 0, "\(completed.errors)")
            let list = try await Self.todos(["list"] + common)
            #expect(list.status == 0, "\(list.errors)")
            #expect(
                list.output == """
                    [ ] 1 Write the shopping list
                    [ ] 3 Call the plumber
                    [x] 2 Water the plants
                    [x] 4 Buy milk

                    """)
            #expect(list.errors.isEmpty, "no spinner when standard error is not a terminal: \(list.errors)")
        }
    }

    @Test("an unknown todo and a stopped server are one-line errors the user can act on")
    func errors() async throws {
        let missing = try await Self.withServer { url in
            try await Self.todos(["complete", "99", "--env", "development", "--base-url", url])
        }
        #expect(missing.status != 0)
        #expect(missing.errors.contains("there is no todo 99"), "\(missing.errors)")
        let refused = try await Self.todos(["list", "--env", "development", "--base-url", "http://127.0.0.1:1"])
        #expect(refused.status != 0)
        #expect(
            refused.errors.contains("could not connect to http://127.0.0.1:1: connection refused"), "\(refused.errors)")
        #expect(refused.errors.contains("http://127.0.0.1:1/todos?userId=1"), "\(refused.errors)")
        #expect(!refused.errors.contains("errno"), "\(refused.errors)")
    }

    @Test("the fake environment answers without a server")
    func fake() async throws {
        let run = try await Self.todos(["list", "--env", "fake", "--fake-delay", "0"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.hasPrefix("[ ] 1 Write the shopping list\n"))
    }

    @Test("--timeout bounds a command against a server that never answers, and says how to give more")
    func timeout() async throws {
        let silent = try SilentServer()
        defer { silent.stop() }
        for command in [["list"], ["add", "Buy milk"], ["complete", "1"]] {
            let run = try await Self.todos(command + ["--base-url", silent.url, "--timeout", "0.5"])
            #expect(run.status == 1, "\(command): \(run.output) \(run.errors)")
            #expect(run.errors.contains("deadline of 0.5 seconds"), "\(run.errors)")
            #expect(run.errors.contains("--timeout"), "\(run.errors)")
        }
        for bad in ["0", "-2", "later", "inf"] {
            let run = try await Self.todos(["list", "--env", "fake", "--timeout", bad])
            #expect(run.status == 64, "\(bad): \(run.errors)")
            #expect(run.errors.contains("--timeout"), "\(run.errors)")
        }
    }
}
