import Foundation
import Harbor
import HarborSQLite
import HarborTesting
import Synchronization
import WordCounter
import WordCounterAdapters

/// Runs a sequence of ``WorkflowStep``s against the real Word Counter (its use cases on the local
/// disk and a SQLite file) and the ``WorkflowModel`` side by side, and checks after every step
/// that reaches the database that the two agree.
struct WorkflowRun {
    /// Where the real program and the model disagree, after which step.
    struct Violation: Error, CustomStringConvertible {
        let step: Int
        let message: String
        var description: String { "after step \(step + 1): \(message)" }
    }

    /// A store whose commits fail once `budget` of them went through, while set: as on a full
    /// disk, or (`locked`) as when another process holds the database past the busy timeout.
    final class FullDiskStore: ForwardingStore {
        let base: any Store
        let budget = Mutex<Int?>(nil)
        let locked = Mutex(false)

        init(base: any Store) { self.base = base }

        func commit(_ changeSet: ChangeSet) async throws -> CommitReceipt {
            let allowed = budget.withLock { budget -> Bool in
                guard let left = budget else { return true }
                budget = left - 1
                return left > 0
            }
            guard allowed else {
                if locked.withLock({ $0 }) {
                    throw StoreError.unavailable(location: "wordcounter.sqlite", reason: "locked by another process")
                }
                throw StoreError.backend(location: "wordcounter.sqlite", reason: "the disk is full")
            }
            return try await base.commit(changeSet)
        }
    }

    /// The time the program reads: the model's, moved by its steps.
    final class ModelTime: Sendable {
        let seconds: Mutex<Int>

        init(seconds: Int) { self.seconds = Mutex(seconds) }

        /// Word Counter on `store`, in the time zone `offset` hours from UTC, reading this time,
        /// as `machine` (`--machine`).
        func app(on store: any Store, offset: Int, machine: String? = nil) -> WordCounterApp {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(secondsFromGMT: offset * 3_600) ?? .current
            return WordCounterApp(
                services: WordCounterServices(
                    persistence: Persistence(store: store), fileSystem: LocalFileSystem(), calendar: calendar,
                    now: { Date(timeIntervalSince1970: TimeInterval(self.seconds.withLock { $0 })) }, machine: machine))
        }
    }

    /// The writer's laptop: its copy of folder `a`, on the same database, in UTC.
    struct Laptop {
        let folder: String
        let clock: ModelTime
        let store: any Store

        /// A `wordcounter --machine laptop` process, its settings read as every command does.
        func app() async throws -> WordCounterApp {
            let app = clock.app(on: store, offset: 0, machine: "laptop")
            _ = try await app.run(LoadSettings())
            return app
        }
    }

    /// A tracked folder no step touches, always empty: where ``WorkflowWatch`` puts its fences.
    static let fenceFolder = "fence"

    /// Runs `steps` from the starting folders `seed` makes, by `update` or (`watching`) with
    /// `watch` running throughout; the first violation, or nil.
    static func run(seed: UInt64, steps: [WorkflowStep], watching: Bool = false) async throws -> Violation? {
        let folder = try TemporaryFolder(prefix: "workflow")
        defer { try? folder.remove() }
        let disk = WorkflowDisk(root: folder.path + "/writer")
        var generator = SeededGenerator(seed: seed)
        var model = WorkflowModel(watching: watching)
        for (path, paragraphs) in model.startingFiles(using: &generator) {
            try disk.save(path, WorkflowModel.text(paragraphs), atomically: false)
        }
        for folder in model.trackedFolders {
            try FileManager.default.createDirectory(atPath: disk.path(folder), withIntermediateDirectories: true)
        }
        let store = FullDiskStore(base: try SQLiteStore(path: folder.path + "/wordcounter.sqlite"))
        let clock = ModelTime(seconds: model.now)
        // With a laptop syncing, the machines have names, and the laptop tracks its copy of `a`.
        model.syncing = !watching && steps.contains(.sync)
        let laptop = model.syncing ? Laptop(folder: folder.path + "/laptop/a", clock: clock, store: store) : nil
        let app = clock.app(on: store, offset: model.offset, machine: laptop == nil ? nil : "desk")
        try FileManager.default.createDirectory(atPath: disk.path(Self.fenceFolder), withIntermediateDirectories: true)
        try await app.run(TrackFiles(paths: (model.trackedFolders + [Self.fenceFolder]).map(disk.path)))
        // A project over one folder: its today and words must agree with status and history.
        _ = try await app.run(AddProject(name: "book", paths: [disk.path("a")]))
        if let laptop {
            try disk.mirror("a", to: laptop.folder)
            try await laptop.app().run(TrackFiles(paths: [laptop.folder]))
        }
        guard watching else {
            return try await play(
                steps, on: app, model: &model, disk: disk, store: store, clock: clock, laptop: laptop, watch: nil)
        }
        let watch = try await WorkflowWatch.start(app: app)
        let violation: Violation?
        do {
            violation = try await play(
                steps, on: app, model: &model, disk: disk, store: store, clock: clock, laptop: nil, watch: watch)
        } catch {
            try? await watch.stop()
            throw error
        }
        try await watch.stop()
        return violation
    }

    /// Applies `steps` to the model and the disk, and lets Word Counter see them: by `update`, or
    /// through `watch` running throughout (each step's changes handled as one batch).
    private static func play(
        _ steps: [WorkflowStep], on app: WordCounterApp, model: inout WorkflowModel, disk: WorkflowDisk,
        store: FullDiskStore, clock: ModelTime, laptop: Laptop?, watch: WorkflowWatch?
    ) async throws -> Violation? {
        var app = app
        for (index, step) in steps.enumerated() {
            guard try model.apply(step, to: disk) else { continue }
            clock.seconds.withLock { $0 = model.now }
            // A run after the laptop moved is a new process, in the new zone.
            if case .travel = step {
                app = clock.app(on: store, offset: model.offset, machine: laptop == nil ? nil : "desk")
                _ = try await app.run(LoadSettings())  // as every command does first
            }
            if case .interruptedTrack(let folder, _) = step {
                // The folder is recorded (one commit), then the disk is full.
                store.budget.withLock { $0 = 1 }
                _ = try? await app.run(TrackFiles(paths: [disk.path(folder)]))
                store.budget.withLock { $0 = nil }
            }
            if let watch {
                do {
                    if case .interruptedTrack(let folder, _) = step {
                        try await watch.rescan(finishing: disk.path(folder))
                    }
                    if case .interruptedUpdate = step {
                        try await watch.catchUp(fence: disk.path(Self.fenceFolder), locking: store)
                    } else {
                        try await watch.catchUp(fence: disk.path(Self.fenceFolder))
                    }
                } catch let stuck as WorkflowWatch.Stuck {
                    return Violation(step: index, message: "\(stuck)")
                }
            }
            switch step {
            case .interruptedUpdate(let commits, let locked) where watch == nil:
                store.budget.withLock { $0 = commits }
                store.locked.withLock { $0 = locked }
                _ = try? await app.run(UpdateWordCounts())
                store.budget.withLock { $0 = nil }
                try await app.run(UpdateWordCounts())
            case .update, .copy, .link:
                if watch == nil { try await app.run(UpdateWordCounts()) }
            case .sync:
                guard let laptop else { continue }
                try disk.mirror("a", to: laptop.folder)
                try await laptop.app().run(UpdateWordCounts())
                let column = try await laptop.app().run(ShowStatus()).reduce(0) { $0 + $1.today }
                if column != 0 {
                    return Violation(
                        step: index, message: "the laptop's TODAY column adds up to \(column); it typed nothing")
                }
            case .changeCounting(let exclude):
                // What `config` does: the new rules, then an update by them.
                _ = try await app.run(
                    exclude ? ChangeSettings(excluding: .blockQuotes) : ChangeSettings(including: .blockQuotes))
                try await app.run(UpdateWordCounts())
            case .interruptedUpdate, .nextDay, .travel:
                break
            default:
                continue
            }
            // After midnight (or a journey) no update saw the disk since the last step: only the days
            // are compared.
            // After a sync, the desk has not looked at its files either.
            let checkingFiles = (step != .nextDay && !(step.isTravel) && step != .sync) || watch != nil
            if let problem = try await disagreement(app: app, model: model, disk: disk, checkingFiles: checkingFiles) {
                return Violation(step: index, message: problem)
            }
        }
        return nil
    }

    /// What the program says that the model does not, or nil; `checkingFiles`: that every file on
    /// disk is tracked once too (after an update).
    static func disagreement(
        app: WordCounterApp, model: WorkflowModel, disk: WorkflowDisk, checkingFiles: Bool = true
    ) async throws -> String? {
        let days = try await app.run(ShowHistory(days: model.pastDays.count + 1)).map(\.words)
        let today = days.last ?? 0
        if today != model.writtenToday {
            return "today's words are \(today); the writer wrote \(model.writtenToday)"
        }
        let written = model.pastDays + [model.writtenToday]
        if days.suffix(written.count) != written[...] {
            return "the days' words are \(days); the writer wrote \(written)"
        }
        let rows = try await app.run(ShowStatus())
        // A file is tracked under one of its names: a link's stands for its target's.
        let counted = rows.filter { $0.status == .ok }.map { disk.path(model.name(of: disk.relative($0.path))) }
        if checkingFiles, Set(counted).count != counted.count {
            return "a file is tracked twice: \(counted.sorted())"
        }
        let onDisk = Set(model.files.keys.map(disk.path))
        if checkingFiles, Set(counted) != onDisk {
            return
                "tracked \(Set(counted).subtracting(onDisk).sorted()) but not \(onDisk.subtracting(counted).sorted())"
        }
        // With a laptop, status shows the desk's writing; what waits as synced is in history only.
        let column = rows.reduce(0) { $0 + $1.today }
        if column != model.writtenToday - model.syncedWaiting {
            return
                "the status's TODAY column adds up to \(column); the writer wrote \(model.writtenToday), \(model.syncedWaiting) waiting as synced"
        }
        if checkingFiles {
            for row in rows where row.status == .ok {
                let relative = model.name(of: disk.relative(row.path))
                let words = model.files[relative].map {
                    WorkflowModel.words($0, excludingQuotes: model.excludingQuotes)
                }
                if row.words != words {
                    return "\(relative) has \(row.words ?? 0) words; the writer's file has \(words ?? 0)"
                }
            }
        }
        return try await otherViews(app: app, today: today, rows: rows, disk: disk)
    }

    /// Where `goal`, the dashboard's summary and `project` disagree with `status` and `history`:
    /// one definition of today's words, one number everywhere.
    static func otherViews(app: WordCounterApp, today: Int, rows: [FileStatusRow], disk: WorkflowDisk) async throws
        -> String?
    {
        let goal = try await app.run(ShowGoalProgress())
        if goal.today != today { return "goal says today is \(goal.today); history says \(today)" }
        let summary = try await app.run(ShowSummary())
        if summary.progress.today != today {
            return "the summary says today is \(summary.progress.today); history says \(today)"
        }
        let words = rows.reduce(0) { $0 + ($1.words ?? 0) }
        if summary.words != words || summary.files != rows.count {
            return
                "the summary says \(summary.files) files of \(summary.words) words; status, \(rows.count) of \(words)"
        }
        for project in try await app.run(ShowProjects()) {
            let history = try await app.run(ShowHistory(days: 1, project: project.name)).last?.words ?? 0
            if project.today != history {
                return "project \(project.name) says today is \(project.today); history --project says \(history)"
            }
            // Every file it tracks, missing ones with their last count (as the summary has them).
            let inside = rows.filter { row in project.paths.contains { row.path.hasPrefix($0 + "/") } }
            // Its today also has what was written in a file that has left it since (the words
            // were written in the project), so only its words compare with status's rows.
            let words = inside.reduce(0) { $0 + ($1.words ?? 0) }
            if project.words != words {
                return "project \(project.name) has \(project.words) words; its files in status, \(words)"
            }
        }
        return nil
    }

    /// The steps `seed` draws, `count` of them, from the model's starting folders.
    static func steps(seed: UInt64, count: Int, watching: Bool = false) throws -> [WorkflowStep] {
        var generator = SeededGenerator(seed: seed)
        var model = WorkflowModel(watching: watching)
        let scratch = try TemporaryFolder(prefix: "workflow-draw")
        defer { try? scratch.remove() }
        let disk = WorkflowDisk(root: scratch.path)
        for (path, paragraphs) in model.startingFiles(using: &generator) {
            try disk.save(path, WorkflowModel.text(paragraphs), atomically: false)
        }
        var drawing = SeededGenerator(seed: seed ^ 0x5EED)
        var steps: [WorkflowStep] = []
        while steps.count < count {
            let step = model.nextStep(using: &drawing)
            if try model.apply(step, to: disk) { steps.append(step) }
        }
        return steps + [.update]
    }

    /// The shortest sequence found (dropping chunks, then single steps) that still disagrees; the
    /// closing `update` stays, so that what was written is counted.
    static func shrink(seed: UInt64, steps: [WorkflowStep], watching: Bool = false) async throws -> [WorkflowStep] {
        let complete = steps.last == .update ? steps : steps + [.update]
        return try await Shrinker<WorkflowStep>(keepsLast: true).shrink(complete) { candidate in
            try await run(seed: seed, steps: candidate, watching: watching) != nil
        }
    }
}
