import ChildOutput
import Foundation

/// A built product of this package run as a child process, its output collected as it comes.
final class ChildProcess {
    struct DidNotAppear: Error, CustomStringConvertible {
        let wanted: String
        let output: String
        let errors: String
        var description: String { "no '\(wanted)' in time; output: \(output) errors: \(errors)" }
    }

    private let process: Process
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let collected = CollectedOutput()
    private let exited: AsyncStream<Void>
    private let outputReader: PipeReader
    private let errorReader: PipeReader

    /// A product beside the test bundle, which `swift build` builds with every other product.
    static func executable(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// Starts `name` with `arguments`.
    init(_ name: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = Self.executable(name)
        process.arguments = arguments
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let (exited, exit) = AsyncStream<Void>.makeStream()
        self.exited = exited
        self.process = process
        process.terminationHandler = { _ in exit.finish() }
        try process.run()
        outputReader = PipeReader(outputPipe.fileHandleForReading) { [collected] data in
            collected.append(output: String(decoding: data, as: UTF8.self))
        }
        errorReader = PipeReader(errorPipe.fileHandleForReading) { [collected] data in
            collected.append(errors: String(decoding: data, as: UTF8.self))
        }
    }

    /// What it wrote to standard output so far.
    var output: String { collected.output }
    /// What it wrote to standard error so far.
    var errors: String { collected.errors }

    /// Waits until standard output contains `text`, checking every 50 ms until `deadline` (an
    /// external process can only be polled).
    func waitForOutput(containing text: String, within deadline: Duration = .seconds(60)) async throws {
        let end = ContinuousClock.now + deadline
        while !output.contains(text) {
            guard ContinuousClock.now < end, process.isRunning else {
                throw DidNotAppear(wanted: text, output: output, errors: errors)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    func interrupt() {
        process.interrupt()
    }

    /// Sends SIGTERM.
    func terminate() {
        if process.isRunning { process.terminate() }
    }

    /// Waits for the process to end; answers its exit status, with all it wrote collected.
    func exitStatus() async -> Int32 {
        for await _ in exited {}
        await outputReader.finished()
        await errorReader.finished()
        return process.terminationStatus
    }
}
