import Foundation
import HarborTesting
import Testing

/// A running `harbor-sqlite-probe` child process, with its standard output going to a file.
final class ProbeProcess {
    let process = Process()
    let outputPath: String
    let errorPath: String

    /// Where the test writes the probe's standard input, when it was started with one.
    let input: Pipe?

    /// Starts the probe with `arguments`; its output goes to files in `folder`, and its standard
    /// input comes from ``input`` when `withInput` is true.
    init(_ arguments: [String], in folder: TemporaryFolder, label: String, withInput: Bool = false) throws {
        input = withInput ? Pipe() : nil
        outputPath = folder.file("\(label).out")
        errorPath = folder.file("\(label).err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: try Self.executable())
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        if let input { process.standardInput = input }
        try process.run()
    }

    /// The lines the probe has printed so far.
    var outputLines: [String] {
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    /// What the probe printed on standard error.
    var errorText: String {
        (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    }

    /// Waits until the probe prints `count` lines or exits; false if it does neither within `timeout`.
    func waitForOutput(lines count: Int, timeout: Duration = .seconds(30)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while outputLines.count < count {
            if !process.isRunning || ContinuousClock.now > deadline { return outputLines.count >= count }
            try await Task.sleep(for: .milliseconds(5))
        }
        return true
    }

    /// Waits for the probe to exit and returns its status; kills it after `timeout`.
    func waitForExit(timeout: Duration = .seconds(45)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline { kill(); break }
            try await Task.sleep(for: .milliseconds(5))
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Kills the probe with SIGKILL, wherever it is, as a crash or `kill -9` would.
    func kill() {
        if process.isRunning { _ = Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The probe's executable: SwiftPM builds it into the same folder as the test bundle.
    static func executable() throws -> String {
        let name = "harbor-sqlite-probe"
        if let path = ProcessInfo.processInfo.environment["HARBOR_SQLITE_PROBE"] { return path }
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            var folder = start
            for _ in 0..<4 {
                folder = folder.deletingLastPathComponent()
                candidates.append(folder.appendingPathComponent(name))
            }
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found.path
        }
        throw ProbeNotFound(searched: candidates.map(\.path))
    }

    /// The probe executable is not where SwiftPM puts it.
    struct ProbeNotFound: Error, CustomStringConvertible {
        let searched: [String]
        var description: String {
            "harbor-sqlite-probe not found (build it with `swift build --product harbor-sqlite-probe`, "
                + "or set HARBOR_SQLITE_PROBE); searched: \(searched.joined(separator: ", "))"
        }
    }
}
