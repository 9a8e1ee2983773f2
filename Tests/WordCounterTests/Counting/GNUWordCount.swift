import Foundation
import HarborTesting

/// The real GNU `wc -w` under `LC_ALL=C.UTF-8`: what the `whitespace` mode promises to equal.
enum GNUWordCount {
    static let path = "/usr/bin/wc"

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `wc -w`'s count of each text, from one run of `wc` over one file per text.
    ///
    /// `wc` runs on a thread of its own: blocking a thread of Swift's cooperative pool (two on a two-core machine)
    /// would stall every other test meanwhile.
    static func counts(_ texts: [[UInt8]]) async throws -> [Int] {
        let folder = try TemporaryFolder(prefix: "gnu-wc")
        defer { try? folder.remove() }
        var paths: [String] = []
        for (index, text) in texts.enumerated() {
            let path = folder.file("\(index).txt")
            try Data(text).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let files = paths
        let output = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result { try run(files) })
            }.start()
        }
        // One line per file, "count path", then a total line when there are several files.
        var byPath: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let fields = line.drop(while: { $0 == " " }).split(separator: " ", maxSplits: 1)
            guard fields.count == 2, let count = Int(fields[0]) else { continue }
            byPath[String(fields[1])] = count
        }
        return try paths.map { path in
            guard let count = byPath[path] else { throw Failure(description: "wc printed no count for \(path)") }
            return count
        }
    }

    /// `wc -w`'s count of one text.
    static func count(_ text: [UInt8]) async throws -> Int {
        try await counts([text])[0]
    }

    private static func run(_ paths: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-w", "--"] + paths
        process.environment = ["LC_ALL": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "wc exited with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
