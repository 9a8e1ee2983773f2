import Foundation
import WordCounter

/// Each counting mode in process, on text already in memory, against GNU `wc -w` reading the same text from a
/// file: the counters' own speed, without the `wordcounter` process around them. The `wordcounter` suite's
/// `count_*_speedup_vs_wc` figures measure the whole command.
enum CountingThroughputBenchmark {
    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("count-throughput-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (mode, markdown) in [(CountingMode.whitespace, false), (.words, false), (.markdown, true)] {
            let text = Array(TextCorpus.text(bytes: 32 << 20, markdown: markdown, seed: 7).utf8)
            let file = folder.appendingPathComponent("corpus-\(mode.rawValue)")
            try Data(text).write(to: file)
            var baseline: [Double] = []
            var candidate: [Double] = []
            for _ in 0..<5 {
                baseline.append(
                    try Child.run("/usr/bin/wc", ["-w", file.path], environment: ["LC_ALL": "C.UTF-8"]).seconds)
                candidate.append(
                    Measure.nanosecondsBlocking(operations: 1) {
                        blackHole(WordCounterStream.count(bytes: text, mode: mode))
                    } / 1e9)
            }
            let megabytes = Double(text.count) / 1e6
            Measure.report("in_process_\(mode.rawValue)_mb_per_s", megabytes / Measure.median(candidate), digits: 0)
            Measure.report(
                "in_process_\(mode.rawValue)_speedup_vs_wc", Measure.median(baseline) / Measure.median(candidate),
                digits: 2)
        }
    }
}
