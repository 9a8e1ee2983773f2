import Foundation

/// Word Counter with 50,000 tracked files, as whole processes: `track`, an unchanged `update`,
/// `status`, and the largest resident memory of any of them.
///
/// Run as its own suite (`harbor-bench wordcounter-50k`), so that the peak memory is that of these
/// commands only. Needs the release `wordcounter` beside this binary.
enum WordCounterScaleBenchmark {
    static let files = 50_000

    static func run() async throws {
        try WordCounterBenchmark.withBinary { binary, folder in try measure(binary: binary, folder: folder) }
    }

    /// Tracks, updates and lists 50,000 files under `folder` with `binary`.
    static func measure(binary: String, folder: URL) throws {
        let notes = folder.appendingPathComponent("notes")
        for index in 0..<files {
            // 100 folders of 500 notes of about 2 KB, Markdown: a writer's archive of notes.
            let file = notes.appendingPathComponent("part-\(index / 500)/note-\(index).md")
            if index % 500 == 0 {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            }
            try TextCorpus.text(bytes: 2_000, markdown: true, seed: UInt64(index)).write(
                to: file, atomically: false, encoding: .utf8)
        }
        let database = folder.appendingPathComponent("bench.sqlite").path
        // Written to disk before each timing, so that neither command runs beside the kernel's
        // writing back 100 MB of new files (or the new database) on another core.
        sync()
        let track = try Child.run(binary, ["track", "--database", database, notes.path])
        sync()
        var unchanged: [Double] = []
        for _ in 0..<3 {
            unchanged.append(try Child.run(binary, ["update", "--database", database]).seconds)
        }
        var status: [Double] = []
        for _ in 0..<3 {
            status.append(try Child.run(binary, ["status", "--database", database]).seconds)
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        Measure.report("wordcounter_50k_track_s", track.seconds)
        Measure.report("wordcounter_50k_update_s", Measure.median(unchanged))
        Measure.report("wordcounter_50k_update_vs_track", Measure.median(unchanged) / track.seconds)
        Measure.report("wordcounter_50k_status_s", Measure.median(status))
        Measure.report("wordcounter_50k_peak_mb", Double(usage.ru_maxrss) / 1024, digits: 1)
    }
}
