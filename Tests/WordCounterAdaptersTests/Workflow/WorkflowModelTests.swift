import Foundation
import HarborTesting
import Testing

/// Word Counter driven through generated writer workflows on real files and a real SQLite file,
/// against a model of what the writer did: today's words are always what they typed minus what
/// they deleted, however the files were saved, moved, copied, restored or tracked.
///
/// `WORDCOUNTER_MODEL_SEQUENCES=10000` runs that many sequences (a soak run);
/// `WORDCOUNTER_MODEL_SEED` starts from another seed. A failure prints its seed and the sequence
/// shrunk to the steps that still fail.
@Suite("Writer workflows against a model")
struct WorkflowModelTests {
    static let environment = ProcessInfo.processInfo.environment
    static let sequences = environment["WORDCOUNTER_MODEL_SEQUENCES"].flatMap(Int.init) ?? 120
    static let firstSeed = environment["WORDCOUNTER_MODEL_SEED"].flatMap(UInt64.init) ?? 2_026_112_8
    static let stepsPerSequence = 14

    @Test("today's words, the tracked files and the TODAY column agree with what the writer did")
    func workflows() async throws {
        try await Self.check(sequences: Self.sequences, watching: false)
    }

    /// With `watch` running throughout, each step's changes handled as they come.
    /// `WORDCOUNTER_MODEL_WATCH_SEQUENCES` sets how many (a soak run).
    @Test("the same with watch running throughout instead of update")
    func watchedWorkflows() async throws {
        let sequences = Self.environment["WORDCOUNTER_MODEL_WATCH_SEQUENCES"].flatMap(Int.init) ?? 25
        try await Self.check(sequences: sequences, watching: true)
    }

    /// Runs `sequences` drawn sequences; the first that fails is shrunk and recorded.
    static func check(sequences: Int, watching: Bool) async throws {
        for offset in 0..<UInt64(sequences) {
            let seed = firstSeed &+ offset
            let steps = try WorkflowRun.steps(seed: seed, count: stepsPerSequence, watching: watching)
            guard let violation = try await WorkflowRun.run(seed: seed, steps: steps, watching: watching) else {
                continue
            }
            let shrunk = try await WorkflowRun.shrink(seed: seed, steps: steps, watching: watching)
            let again = try await WorkflowRun.run(seed: seed, steps: shrunk, watching: watching)
            // Shrunk to nothing that fails again: a race, so the whole sequence is what tells.
            let shown = again == nil ? steps : shrunk
            Issue.record(
                """
                seed \(seed)\(watching ? " (watching)" : ""): \(violation)
                shrunk to \(shrunk.count) steps (\(again.map { "\($0)" } ?? "passes now; the whole sequence:")):
                \(shown.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n"))
                """)
            return
        }
    }

    @Test("a move followed by an atomic save with three more words counts three words")
    func moveThenAtomicSave() async throws {
        // The first starting file (the run draws the same ones from the seed), moved into a
        // subfolder of its folder, saved with three words more.
        var generator = SeededGenerator(seed: 7)
        var model = WorkflowModel()
        let first = try #require(model.startingFiles(using: &generator).keys.sorted().first)
        let folder = first.split(separator: "/").first.map(String.init) ?? "a"
        let steps: [WorkflowStep] = [.moveAndSave(from: first, to: "\(folder)/sub/moved.md", words: 3), .update]
        let violation = try await WorkflowRun.run(seed: 7, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test("a track stopped by a full disk leaves the rest of its folder a baseline, not writing")
    func interruptedTrack() async throws {
        let steps: [WorkflowStep] = [.interruptedTrack(folder: "c0", files: 4), .update, .update]
        let violation = try await WorkflowRun.run(seed: 11, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test(
        "with watch running, a track stopped half-way is finished as a baseline at the watcher's next look, and a folder replaced whole stays watched"
    )
    func watchedInterruptedTrack() async throws {
        let steps: [WorkflowStep] = [
            .interruptedTrack(folder: "c0", files: 3), .update, .replaceFolder(folder: "c0"), .update,
            .create(path: "c0/late.md", words: 9), .update,
        ]
        let violation = try await WorkflowRun.run(seed: 11, steps: steps, watching: true)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test("a hard link broken by an editor's atomic save keeps the text of before: a copy, not writing")
    func brokenHardLink() async throws {
        var generator = SeededGenerator(seed: 7)
        var model = WorkflowModel()
        let first = try #require(model.startingFiles(using: &generator).keys.sorted().first)
        let folder = first.split(separator: "/").first.map(String.init) ?? "a"
        let steps: [WorkflowStep] = [
            .link(target: first, at: "\(folder)/second-name.md", symbolic: false), .update,
            .type(path: first, words: 4, paragraph: 0, atomically: true), .update,
        ]
        let violation = try await WorkflowRun.run(seed: 7, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test("with watch running, a chapter moved out of tracking and back is its own file again, not new writing")
    func watchedMoveOutAndBack() async throws {
        let steps: [WorkflowStep] = [
            .link(target: "a/chapter-1.md", at: "b/part/chapter-3.md", symbolic: false), .update,
            .move(from: "a/chapter-2.md", to: "a/chapter-5.md"),
            .moveAndSave(from: "a/chapter-5.md", to: "b/chapter-6.md", words: 2),
            .moveOut(from: "b/chapter-6.md", to: "out/loose-7.md"),
            .moveBack(from: "out/loose-7.md", to: "b/part/chapter-11.md"),
            .type(path: "b/part/chapter-11.md", words: 8, paragraph: 2, atomically: false),
            .move(from: "b/part/chapter-11.md", to: "b/chapter-14.md"), .update,
        ]
        let violation = try await WorkflowRun.run(seed: 7_000_347, steps: steps, watching: true)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test(
        "a sync that brings a text of the copy's count (as many words deleted as typed) brings the words the document lacks"
    )
    func syncOfTheSameCount() async throws {
        let steps: [WorkflowStep] = [
            .delete(path: "a/chapter-3.md", words: 7, paragraph: 1, atomically: false),
            .changeCounting(excludeQuotes: true),
            .type(path: "a/chapter-3.md", words: 7, paragraph: 1, atomically: false), .sync, .update,
        ]
        let violation = try await WorkflowRun.run(seed: 40_001_301, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test("words deleted on the desk after a sync brought its typing to the laptop are deleted, once")
    func deletedAfterSync() async throws {
        let steps: [WorkflowStep] = [
            .type(path: "a/chapter-1.md", words: 19, paragraph: 5, atomically: true), .sync,
            .delete(path: "a/chapter-1.md", words: 7, paragraph: 1, atomically: false), .update,
        ]
        let violation = try await WorkflowRun.run(seed: 40_000_667, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test("words deleted one day and more typed the next, each synced first, are the desk's on their days")
    func claimedAcrossDays() async throws {
        let steps: [WorkflowStep] = [
            .delete(path: "a/chapter-1.md", words: 9, paragraph: 0, atomically: true), .sync,
            .type(path: "a/chapter-1.md", words: 21, paragraph: 2, atomically: true), .nextDay, .sync, .update,
        ]
        let violation = try await WorkflowRun.run(seed: 40_003_312, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }

    @Test(
        "a chapter the laptop counted first, claimed by the desk, then renamed there: its writing stays in its TODAY column"
    )
    func claimedThenRenamed() async throws {
        let steps: [WorkflowStep] = [
            .create(path: "a/chapter-6.md", words: 71), .sync, .interruptedUpdate(commits: 0, locked: true),
            .move(from: "a/chapter-6.md", to: "a/chapter-10.md"), .update,
        ]
        let violation = try await WorkflowRun.run(seed: 42_000_684, steps: steps)
        #expect(violation == nil, "\(violation.map { "\($0)" } ?? "")")
    }
}
