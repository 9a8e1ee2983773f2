public import Foundation
import Synchronization

/// A server executable started as a user starts it, up to its first line of output (the one
/// with its address), or to its exit when it refuses to start; stopped when released.
public final class StartedServer: Sendable {
    /// The first line the server printed; nil when it exited instead.
    public let line: String?
    /// When it exited before printing a line: its exit status and what it wrote to standard error.
    public let refusal: (status: Int32, errors: String)?
    private let process: Process

    /// Starts `executable` with `arguments`, and the variables of `environment` added to this
    /// process's (a nil value removes one).
    public init(_ executable: URL, arguments: [String], environment: [String: String?] = [:]) async throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (name, value) in environment { merged[name] = value }
        process.environment = merged
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        let (exited, exit) = AsyncStream.makeStream(of: Int32.self)
        process.terminationHandler = { exit.yield($0.terminationStatus) }
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        let written = Mutex(Data())
        try process.run()
        let errorReader = PipeReader(errors.fileHandleForReading) { data in written.withLock { $0.append(data) } }
        _ = PipeReader(lines: output.fileHandleForReading) {
            continuation.yield($0)
        } ended: {
            continuation.finish()
        }
        var iterator = lines.makeAsyncIterator()
        self.process = process
        if let first = await iterator.next() {
            line = first
            refusal = nil
        } else {
            var exits = exited.makeAsyncIterator()
            let status = await exits.next() ?? -1
            await errorReader.finished()
            line = nil
            refusal = (status, String(decoding: written.withLock { $0 }, as: UTF8.self))
        }
    }

    /// The address in the first line: `http://HOST:PORT`.
    public var url: URL? {
        guard let line, let start = line.range(of: "http://") else { return nil }
        return URL(string: String(line[start.lowerBound...]).trimmingCharacters(in: .whitespaces))
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
