import Foundation

/// Runs a child process to the end, timing it and keeping its standard output.
enum Child {
    struct Outcome {
        let seconds: Double
        let output: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Outcome
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let (seconds, attoseconds) = (clock.now - start).components
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
        }
        return Outcome(
            seconds: Double(seconds) + Double(attoseconds) / 1e18,
            output: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespaces))
    }
}
