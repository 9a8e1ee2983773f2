import Foundation

/// Word Counter as a whole process: counting against GNU `wc -w`, memory on a 1 GB file, and
/// `update` against `track` on 10,000 Markdown files.
///
/// Needs the release `wordcounter` binary beside this one: `swift build -c release` first.
enum WordCounterBenchmark {
    static func run() async throws {
        MarkdownGrowthBenchmark.run()
        try CountingThroughputBenchmark.run()
        try withBinary { binary, folder in
            try memory(binary: binary, folder: folder)
            try counting(binary: binary, folder: folder)
            try tracking(binary: binary, folder: folder)
        }
    }

    /// Only the counting figures: Markdown growth, the counters in process, and each mode against `wc -w`.
    static func runCounting() async throws {
        MarkdownGrowthBenchmark.run()
        try CountingThroughputBenchmark.run()
        try withBinary { binary, folder in try counting(binary: binary, folder: folder) }
    }

    /// Only `track`, `update` and `history`: the figures of the store's read side.
    static func runUpdate() async throws {
        try withBinary { binary, folder in try tracking(binary: binary, folder: folder) }
    }

    /// Runs `body` with the release `wordcounter` beside this binary and a scratch folder (removed
    /// after); says how to build the binary and runs nothing when it is missing. Every suite that
    /// runs `wordcounter` as a child process starts here.
    static func withBinary(_ body: (_ binary: String, _ folder: URL) throws -> Void) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("wordcounter").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("wordcounter: not built; run `swift build -c release` first (looked for \(binary))")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordcounter-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(binary, folder)
    }

    /// Peak resident memory counting a 1 GiB file; measured first, while no other child has run.
    static func memory(binary: String, folder: URL) throws {
        let big = folder.appendingPathComponent("big.txt")
        try TextCorpus.write(to: big, bytes: 1 << 30, markdown: false)
        _ = try Child.run(binary, ["count", "--mode", "words", big.path])
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        Measure.report("count_1gb_max_rss_mb", Double(usage.ru_maxrss) / 1024, digits: 1)
        try FileManager.default.removeItem(at: big)
    }

    /// Each mode against `wc -w` on the same ~200 MB file, interleaved, median of five.
    static func counting(binary: String, folder: URL) throws {
        let text = folder.appendingPathComponent("corpus.txt")
        let markdown = folder.appendingPathComponent("corpus.md")
        try TextCorpus.write(to: text, bytes: 200 << 20, markdown: false)
        try TextCorpus.write(to: markdown, bytes: 200 << 20, markdown: true)
        let environment = ["LC_ALL": "C.UTF-8"]
        for (mode, file) in [("whitespace", text), ("words", text), ("markdown", markdown)] {
            var baseline: [Double] = []
            var candidate: [Double] = []
            var agree = true
            for _ in 0..<5 {
                let wc = try Child.run("/usr/bin/wc", ["-w", file.path], environment: environment)
                let ours = try Child.run(binary, ["count", "--mode", mode, file.path])
                baseline.append(wc.seconds)
                candidate.append(ours.seconds)
                if mode == "whitespace" {
                    agree = agree && wc.output.split(separator: " ").first == ours.output.split(separator: " ").first
                }
            }
            let wcSeconds = Measure.median(baseline)
            let ourSeconds = Measure.median(candidate)
            let megabytes =
                Double((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0) / 1e6
            Measure.report("count_\(mode)_mb_per_s", megabytes / ourSeconds, digits: 0)
            Measure.report("count_\(mode)_speedup_vs_wc", wcSeconds / ourSeconds, digits: 2)
            if mode == "whitespace" {
                Measure.report("wc_w_mb_per_s", megabytes / wcSeconds, digits: 0)
                print("count_whitespace_equals_wc: \(agree)")
            }
        }
    }

    /// `track` of 10,000 files of ~10 KB, then `update` with nothing changed (which decodes no file),
    /// then with one changed, then `history --days 365`.
    static func tracking(binary: String, folder: URL) throws {
        let notes = folder.appendingPathComponent("notes")
        let database = folder.appendingPathComponent("bench.sqlite").path
        for index in 0..<10_000 {
            let file = notes.appendingPathComponent("part-\(index / 500)/note-\(index).md")
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try TextCorpus.text(bytes: 10_000, markdown: true, seed: UInt64(index)).write(
                to: file, atomically: false, encoding: .utf8)
        }
        // Written to disk before each timing, so that neither command runs beside the kernel's
        // writing back the new files (or the new database) on another core.
        sync()
        let track = try Child.run(binary, ["--database", database, "track", notes.path].reorderedForSubcommand())
        sync()
        var unchanged: [Double] = []
        for _ in 0..<5 {
            unchanged.append(try Child.run(binary, ["update", "--database", database]).seconds)
        }
        let handle = try FileHandle(forWritingTo: notes.appendingPathComponent("part-3/note-1500.md"))
        handle.seekToEndOfFile()
        handle.write(Data("\nSome more words written today.\n".utf8))
        try handle.close()
        let oneChanged = try Child.run(binary, ["update", "--database", database]).seconds
        // A year of history is one range query over the day index, whatever the number of days.
        var history: [Double] = []
        for _ in 0..<5 {
            history.append(try Child.run(binary, ["history", "--database", database, "--days", "365"]).seconds)
        }
        Measure.report("track_10k_seconds", track.seconds)
        Measure.report("update_10k_unchanged_seconds", Measure.median(unchanged))
        Measure.report("wordcounter_unchanged_update_vs_track", Measure.median(unchanged) / track.seconds)
        Measure.report("update_one_changed_vs_track", oneChanged / track.seconds)
        Measure.report("history_365_days_seconds", Measure.median(history))
        try movePairing(binary: binary, folder: folder)
    }

    /// An `update` that finds 1,000 tracked files of ~2,000 words gone and 1,000 new ones: 500 of
    /// them the gone files moved and then saved with three more words (paired by their text), 500
    /// new texts (the other 500 gone files missing). The whole update's time bounds the pairing's.
    static func movePairing(binary: String, folder: URL) throws {
        let drafts = folder.appendingPathComponent("drafts")
        let database = folder.appendingPathComponent("moves.sqlite").path
        try FileManager.default.createDirectory(at: drafts, withIntermediateDirectories: true)
        var texts: [String] = []
        for index in 0..<1_000 {
            let text = TextCorpus.text(bytes: 12_000, markdown: true, seed: UInt64(50_000 + index))
            texts.append(text)
            try text.write(to: drafts.appendingPathComponent("draft-\(index).md"), atomically: false, encoding: .utf8)
        }
        _ = try Child.run(binary, ["track", "--database", database, drafts.path])
        let moved = drafts.appendingPathComponent("moved")
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        for index in 0..<1_000 {
            try FileManager.default.removeItem(at: drafts.appendingPathComponent("draft-\(index).md"))
            let (name, text) =
                index < 500
                ? ("chapter-\(index).md", texts[index] + "\nThree more words.\n")
                : ("new-\(index).md", TextCorpus.text(bytes: 12_000, markdown: true, seed: UInt64(90_000 + index)))
            try text.write(to: moved.appendingPathComponent(name), atomically: false, encoding: .utf8)
        }
        sync()
        let update = try Child.run(binary, ["update", "--database", database])
        let paired = update.output.split(separator: "\n").filter { $0.hasPrefix("moved: ") }.count
        Measure.report("wordcounter_move_pairing_ms", update.seconds * 1000, digits: 0)
        print("wordcounter_move_pairing_paired: \(paired) of 500")
    }
}

extension Array where Element == String {
    /// `--database` belongs after the subcommand: moves `--database X` behind the first word.
    fileprivate func reorderedForSubcommand() -> [String] {
        guard count >= 3, self[0] == "--database" else { return self }
        return [self[2], self[0], self[1]] + self[3...]
    }
}
