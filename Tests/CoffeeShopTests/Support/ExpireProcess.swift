import ChildOutput
import Foundation
import Synchronization

/// `coffeeshop expire` as a child process that stays running: its lines are read as they come,
/// a test waits for the one it expects, then stops it with SIGTERM as a service manager would.
final class ExpireProcess: Sendable {
    private struct Output {
        var lines: [String] = []
        var ended = false
        /// Tests waiting for a line holding `text`.
        var waiters: [(text: String, continuation: AsyncStream<Void>.Continuation)] = []
    }

    /// The output, shared with the thread that reads it.
    private final class Shared: Sendable {
        let output = Mutex(Output())
    }

    private let process: Process
    private let exited: AsyncStream<Void>
    private let shared: Shared

    /// Starts `coffeeshop expire` in `cli`'s folder, with its environment and `extra`.
    init(_ cli: CoffeeShopCLI, arguments: [String] = [], environment extra: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = BuiltProduct.url("coffeeshop")
        process.arguments = ["expire"] + arguments
        process.currentDirectoryURL = cli.folder
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("COFFEESHOP_") }
        variables["XDG_STATE_HOME"] = cli.folder.appendingPathComponent("state").path
        variables.merge(cli.environment) { _, new in new }
        variables.merge(extra) { _, new in new }
        process.environment = variables
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let (exited, exit) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exit.finish() }
        let shared = Shared()
        try process.run()
        _ = PipeReader(lines: pipe.fileHandleForReading) { line in
            let satisfied = shared.output.withLock { output in
                output.lines.append(line)
                let satisfied = output.waiters.filter { line.contains($0.text) }.map(\.continuation)
                output.waiters.removeAll { line.contains($0.text) }
                return satisfied
            }
            for waiter in satisfied { waiter.finish() }
        } ended: {
            let waiting = shared.output.withLock { output in
                output.ended = true
                defer { output.waiters = [] }
                return output.waiters.map(\.continuation)
            }
            for waiter in waiting { waiter.finish() }
        }
        self.process = process
        self.exited = exited
        self.shared = shared
    }

    /// Every line printed so far.
    var printed: [String] { shared.output.withLock { $0.lines } }

    /// Waits until a line containing `text` is printed; fails after `deadline` (a bound on the
    /// other process, not a wait in its place) or when the process ends without it.
    func waitForLine(containing text: String, deadline: Duration = .seconds(30)) async throws {
        let (found, finish) = AsyncStream<Void>.makeStream()
        shared.output.withLock { output in
            if output.ended || output.lines.contains(where: { $0.contains(text) }) {
                finish.finish()
            } else {
                output.waiters.append((text, finish))
            }
        }
        try await ProcessDeadline.wait(for: found, deadline: deadline, "a line with \"\(text)\" from coffeeshop expire")
        guard printed.contains(where: { $0.contains(text) }) else {
            throw ProcessDeadline(description: "coffeeshop expire ended without \"\(text)\": \(printed)")
        }
    }

    /// Sends SIGTERM and waits for the exit; returns its status.
    func stop() async throws -> Int32 {
        if process.isRunning { process.terminate() }
        try await ProcessDeadline.wait(for: exited, deadline: .seconds(30), "coffeeshop expire's stop")
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
