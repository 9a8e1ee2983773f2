import ChildOutput
import Foundation
import Synchronization

/// A `harbor-store-server` child process (the executable `swift test` builds beside the tests),
/// started on a port it picks and reads back from its first line.
final class StoreServerProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let url: URL
    private let process: Process

    /// Starts the server with `arguments`, and `environment` added to this process's.
    init(arguments: [String], environment extra: [String: String] = [:]) async throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        // The settings come from the test alone, not from variables of the shell running it.
        for name in environment.keys where name.hasPrefix("HARBOR_STORE") { environment[name] = nil }
        for name in environment.keys where name.hasPrefix("OTEL_") { environment[name] = nil }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        try process.run()
        _ = PipeReader(lines: output.fileHandleForReading) {
            continuation.yield($0)
        } ended: {
            continuation.finish()
        }
        self.process = process
        var found: URL?
        for await line in lines {
            if let range = line.range(of: "http://") {
                found = URL(string: String(line[range.lowerBound...]))
                break
            }
        }
        guard let found else {
            process.terminate()
            throw Failure(description: "harbor-store-server printed no address (exit \(process.terminationStatus))")
        }
        url = found
    }

    /// Sends SIGKILL — no graceful shutdown, connections cut — and waits until it has exited.
    func kill() async throws {
        let (exited, continuation) = AsyncStream.makeStream(of: Void.self)
        process.terminationHandler = { _ in continuation.yield() }
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            var iterator = exited.makeAsyncIterator()
            if process.isRunning { _ = await iterator.next() }
        }
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// The executable beside the test bundle.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("harbor-store-server").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("harbor-store-server")
    }
}
