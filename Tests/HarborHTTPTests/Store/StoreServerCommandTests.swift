import Foundation
import Testing

/// `harbor-store-server`'s command line, run as a user runs it.
@Suite("harbor-store-server's options")
struct StoreServerCommandTests {
    /// Runs the server with `arguments` and `environment` added to this process's; its exit status
    /// and standard error once it has exited.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> (Int32, String) {
        let process = Process()
        process.executableURL = StoreServerProcess.executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for name in merged.keys where name.hasPrefix("HARBOR_STORE") { merged[name] = nil }
        merged.merge(environment) { _, new in new }
        process.environment = merged
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let (exited, continuation) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { continuation.yield($0.terminationStatus) }
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        var iterator = exited.makeAsyncIterator()
        return (await iterator.next() ?? -1, text)
    }

    @Test("a token of white space only is refused, from the option or the environment, on any address")
    func blankToken() async throws {
        let (status, message) = try await Self.run(["--store", "memory", "--host", "0.0.0.0", "--token", "   "])
        #expect(status != 0)
        #expect(message.contains("--token is only white space"))
        let (fromEnvironment, environmentMessage) = try await Self.run(
            ["--store", "memory", "--port", "0"], environment: ["HARBOR_STORE_TOKEN": " \t "])
        #expect(fromEnvironment != 0)
        #expect(environmentMessage.contains("HARBOR_STORE_TOKEN is only white space"))
        let (padded, paddedMessage) = try await Self.run(["--store", "memory", "--port", "0", "--token", " s3cret"])
        #expect(padded != 0)
        #expect(paddedMessage.contains("white space"))
    }

    @Test("an unknown store form is refused naming the forms, PostgreSQL among them")
    func unknownStore() async throws {
        let (status, message) = try await Self.run(["--store", "mysql://db/x"])
        #expect(status != 0)
        #expect(message.contains("postgres://"))
    }
}
