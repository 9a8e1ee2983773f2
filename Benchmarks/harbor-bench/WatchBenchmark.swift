import Foundation

/// `wordcounter watch` as a whole process: how long from a save to its count being stored (median
/// and worst of 50 saves, on 1 tracked file and on 10,000), and its resident memory watching
/// 10,000 files. The baseline is what a writer would do without it: run `wordcounter update`.
///
/// A save is an append closed at once; "stored" is the moment the watcher prints the new count,
/// which it does after the commit. Saves are 300 ms apart so that each is its own recount.
/// Needs the release `wordcounter` binary beside this one: `swift build -c release` first.
enum WatchBenchmark {
    static let saves = 50

    static func run() async throws {
        try WordCounterBenchmark.withBinary { binary, folder in try measure(binary: binary, folder: folder) }
    }

    /// Save-to-stored latency and memory with `binary`, in `folder`.
    static func measure(binary: String, folder: URL) throws {
        try latency(binary: binary, folder: folder.appendingPathComponent("one"), files: 1, prefix: "watch_1")
        try latency(binary: binary, folder: folder.appendingPathComponent("many"), files: 10_000, prefix: "watch_10k")
    }

    /// Tracks `files` files, starts the watcher, saves one file 50 times, reports latency and memory.
    static func latency(binary: String, folder: URL, files: Int, prefix: String) throws {
        let notes = folder.appendingPathComponent("notes")
        let database = folder.appendingPathComponent("bench.sqlite").path
        for index in 0..<files {
            let file = notes.appendingPathComponent("part-\(index / 100)/note-\(index).md")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try TextCorpus.text(bytes: 2_000, markdown: true, seed: UInt64(index)).write(
                to: file, atomically: false, encoding: .utf8)
        }
        _ = try Child.run(binary, ["track", "--database", database, notes.path])
        let saved = notes.appendingPathComponent("part-0/note-0.md").path

        let watcher = try WatchingProcess(binary: binary, database: database, folder: folder)
        defer { watcher.stop() }
        let clock = ContinuousClock()
        let started = clock.now
        try watcher.wait { watcher.errors.contains("updated every file (startup)") }
        let startup = clock.now - started

        var latencies: [Double] = []
        var words = try currentWords(binary: binary, database: database, path: saved)
        for save in 0..<saves {
            Thread.sleep(forTimeInterval: 0.3)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: saved))
            handle.seekToEndOfFile()
            handle.write(Data(" saved\(save)".utf8))
            let savedAt = clock.now
            try handle.close()
            words += 1
            let expected = "\(saved): \(words) words"
            try watcher.wait { watcher.output.contains(expected) }
            latencies.append(milliseconds(clock.now - savedAt))
        }
        let memory = watcher.memory()

        var updates: [Double] = []
        for _ in 0..<5 {
            updates.append(try Child.run(binary, ["update", "--database", database]).seconds * 1000)
        }
        Measure.report("\(prefix)_files", Double(files), digits: 0)
        Measure.report("\(prefix)_startup_ms", milliseconds(startup), digits: 0)
        Measure.report("\(prefix)_save_to_stored_median_ms", Measure.median(latencies), digits: 1)
        Measure.report("\(prefix)_save_to_stored_worst_ms", latencies.max() ?? .nan, digits: 1)
        Measure.report("\(prefix)_update_command_median_ms", Measure.median(updates), digits: 1)
        Measure.report("\(prefix)_rss_mb", memory.resident, digits: 1)
        Measure.report("\(prefix)_peak_rss_mb", memory.peak, digits: 1)
    }

    static func currentWords(binary: String, database: String, path: String) throws -> Int {
        let status = try Child.run(binary, ["status", "--json", "--database", database])
        let rows = try JSONSerialization.jsonObject(with: Data(status.output.utf8)) as? [[String: Any]] ?? []
        return rows.first { $0["path"] as? String == path }?["words"] as? Int ?? 0
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}

/// `wordcounter watch --verbose` running, its output in files the benchmark polls.
final class WatchingProcess {
    let process = Process()
    let outputURL: URL
    let errorsURL: URL

    init(binary: String, database: String, folder: URL) throws {
        outputURL = folder.appendingPathComponent("watch.out")
        errorsURL = folder.appendingPathComponent("watch.err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorsURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["watch", "--database", database, "--verbose"]
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorsURL)
        try process.run()
    }

    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: errorsURL, encoding: .utf8)) ?? "" }

    /// Polls every millisecond until `condition` holds (a minute at most).
    func wait(_ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline, process.isRunning else {
                throw Child.Failure(description: "watch never got there; errors: \(errors.suffix(2000))")
            }
            usleep(1000)
        }
    }

    /// Resident and peak resident memory in MB, from /proc.
    func memory() -> (resident: Double, peak: Double) {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func kilobytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else {
                return .nan
            }
            return Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? .nan
        }
        return (kilobytes("VmRSS") / 1024, kilobytes("VmHWM") / 1024)
    }

    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
