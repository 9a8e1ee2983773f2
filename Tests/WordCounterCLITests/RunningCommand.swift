import Foundation

/// A `wordcounter` command left running (`watch`), its output going to files a test reads while it runs.
final class RunningCommand {
    let process = Process()
    private let outputURL: URL
    private let errorsURL: URL

    /// Starts `wordcounter arguments…` in the CLI's folder, on its database, with `extra` in its
    /// environment.
    init(_ cli: CLI, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        let name = UUID().uuidString
        outputURL = cli.folder.appendingPathComponent("\(name).out")
        errorsURL = cli.folder.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.currentDirectoryURL = cli.folder
        var environment = ProcessInfo.processInfo.environment
        environment["WORDCOUNTER_DATABASE"] = cli.database
        environment["WORDCOUNTER_ENV"] = nil
        environment["XDG_DATA_HOME"] = cli.folder.appendingPathComponent("xdg").path
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// What it printed on standard output so far.
    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// What it printed on standard error so far.
    var errors: String { (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "" }

    /// Polls until `condition` holds, failing after a generous deadline (waiting for an outcome, not timing it).
    /// Looks again every 20 ms without blocking a thread of the cooperative pool.
    func wait(for what: String, _ condition: () async throws -> Bool) async throws {
        let deadline = Date().addingTimeInterval(30)
        while try await !condition() {
            guard Date() < deadline, process.isRunning else {
                throw Failure(description: "waited for \(what); output: \(output); errors: \(errors)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Sends `signal` and waits for the process to exit; returns its exit status.
    func stop(with signal: Int32 = SIGTERM) async throws -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning {
            guard Date() < deadline else {
                process.interrupt()
                throw Failure(description: "did not exit after signal \(signal); errors: \(errors)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Ends the process if a test failed before stopping it.
    deinit {
        if process.isRunning { process.terminate() }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
