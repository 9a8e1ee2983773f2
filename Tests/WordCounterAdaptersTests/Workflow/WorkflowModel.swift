import Foundation
import HarborTesting

/// What the writer's folders hold and how many words they wrote today: the oracle the real
/// Word Counter is checked against.
///
/// A file is paragraphs of words, each word a new token (`w17`), so no two texts share a word by
/// chance. Writing is what the writer typed minus what they deleted, in files of tracked folders,
/// as far as an update saw it: what was typed into a file that then left the tracked folders
/// (moved out, deleted) before any update is beyond what Word Counter can know. Text that was
/// moved, copied, restored or there when a folder was tracked is never writing.
/// Files live below a root folder: `a` and `b` are tracked from the start, `out` never is, and
/// interrupted tracks add folders `c0`, `c1`, ….
struct WorkflowModel {
    /// Files out of tracking that no update has recorded: new wherever they come back.
    var outsideNew: Set<String> = []
    /// The files of `a` at the start.
    var startingA: [String: [[String]]] = [:]
    /// Whether `watch` runs throughout: every step's changes are seen as soon as they are made
    /// (as one batch), as an update after each step would see them.
    let watching: Bool
    /// The files below tracked folders, by path relative to the root folder.
    var files: [String: [[String]]] = [:]
    /// Files moved out of tracking, by relative path.
    var outside: [String: [[String]]] = [:]
    /// What was typed into a file moved out of tracking before an update saw it: counted if it
    /// comes back, as Word Counter then sees the file moved and changed.
    var outsideUnseen: [String: Int] = [:]
    /// The tracked folders, relative.
    var trackedFolders: [String] = ["a", "b"]
    /// Net words typed today in tracked folders that an update has seen.
    var writtenToday = 0
    /// The words of each day before today, oldest first.
    var pastDays: [Int] = []
    /// Net words typed into each file since the last update, by path.
    var unseen: [String: Int] = [:]
    /// Words typed or deleted in each file since the last update, and its words then: a file
    /// moved in that time is recognised by its text (``ContentSketch``) only while most of it is
    /// the same, so the model keeps what changes after a move under a fifth of the file, and
    /// moves no file that changed more than that (a rename and a rewrite at once is a new file,
    /// for Word Counter as for git).
    var churn: [String: (changed: Int, words: Int)] = [:]
    /// Files moved since the last update.
    var moved: Set<String> = []
    /// Files that are, or were made from, a copy of another: near-copies that move and change
    /// between two updates can be told apart by nothing Word Counter sees, so the model moves none.
    var twins: Set<String> = []
    /// Files created since the last update: one moved into a folder whose tracking was interrupted
    /// is, for Word Counter, part of what is there.
    var neverSeen: Set<String> = []
    /// Files of a folder whose `track` was interrupted, not yet seen by an update: nothing recorded
    /// them, so what is typed into one before the next update is part of its baseline, and one
    /// moved out of that folder before it is new where it lands, its words writing. That is what
    /// Word Counter cannot know; the model says so rather than hiding it.
    var unseenBaseline: Set<String> = []
    /// The folders whose interrupted tracking no update has finished yet.
    var unfinishedFolders: Set<String> = []
    /// Second names of files (hard or symbolic links), by relative path: never tracked themselves.
    var links: [String: (target: String, symbolic: Bool)] = [:]
    /// Hard links that an atomic save turned into files of their own since the last update: the
    /// update finds each as a new file with its target's old inode, all of it a baseline, so
    /// what would be typed into one before then would be too; the model leaves them be until then.
    var brokenLinks: Set<String> = []
    /// The files whose hard links those were.
    var splitTargets: Set<String> = []
    /// Whether the laptop shares the database (the sequence syncs): the desk's words are then
    /// credited to the desk, and those the laptop counted first wait as synced until the desk's
    /// next update claims them.
    var syncing = false
    /// Words the laptop counted first that the desk has not claimed yet, by the file's path on
    /// the desk: an update there claims those of the files it sees; a file that left tracking (or
    /// the disk) first leaves its words waiting, as the desk never counts them.
    var waitingByPath: [String: Int] = [:]

    /// Whether a file ever left `a`, came into it from elsewhere, or was deleted, restored or
    /// replaced there: the model syncs only until then. Renames within `a` are modelled (the
    /// document follows the file on both machines); files crossing the synced folder's edge
    /// between syncs are not.
    var renamedInA = false

    /// Whether a sync happened: from then on files of `a` move only within `a`.
    var hasSynced = false

    /// Which file of `a` each path holds: the path it had at the start, or a name of its own for a
    /// file created since (nil: the path itself). Moves within `a` carry it, so the laptop's copy
    /// of a file is known under the name the desk gave it since.
    var origin: [String: String] = [:]

    /// The laptop's copies of the files of `a` as of the last sync (nil: the start's), by
    /// ``identity(of:)``: where each is and its text.
    var laptopHas: [String: (path: String, paragraphs: [[String]])]?

    /// Today's words waiting as synced.
    var syncedWaiting: Int { waitingByPath.values.reduce(0, +) }
    /// Whether block quotes are left out of Markdown counts (`config exclude-block-quotes`).
    var excludingQuotes = false
    /// The time now, in seconds since 1970 (UTC), and the laptop's time zone, hours from UTC.
    var now = 1_795_000_000
    var offset = 0
    private var nextWord = 0
    private var nextName = 0

    init(watching: Bool = false) {
        self.watching = watching
    }

    /// A paragraph of `count` new words.
    mutating func newWords(_ count: Int) -> [String] {
        (0..<count).map { _ in
            nextWord += 1
            return "w\(nextWord)"
        }
    }

    /// A fresh file name in one of the tracked folders (now and then in a subfolder).
    mutating func freshPath(using generator: inout SeededGenerator) -> String {
        nextName += 1
        let folder = trackedFolders[Int.random(in: 0..<trackedFolders.count, using: &generator)]
        let sub = Int.random(in: 0..<4, using: &generator) == 0 ? "/part" : ""
        return "\(folder)\(sub)/chapter-\(nextName).md"
    }

    /// The words of a file's paragraphs, as Word Counter counts them: a paragraph that starts
    /// with `>` is a block quote (the marker is no word), left out when `excludingQuotes`.
    static func words(_ paragraphs: [[String]], excludingQuotes: Bool) -> Int {
        paragraphs.reduce(0) { $0 + counted($1, excludingQuotes: excludingQuotes) }
    }

    /// The words of one paragraph that count.
    static func counted(_ paragraph: [String], excludingQuotes: Bool) -> Int {
        guard paragraph.first == ">" else { return paragraph.count }
        return excludingQuotes ? 0 : paragraph.count - 1
    }

    /// How many of `words` words typed or deleted at the end of `paragraph` count now.
    func counted(_ words: Int, in paragraph: [String]) -> Int {
        paragraph.first == ">" && excludingQuotes ? 0 : words
    }

    /// The day (days since 1970) it is now where the laptop is.
    func day(offset: Int) -> Int {
        Int((Double(now + offset * 3_600) / 86_400).rounded(.down))
    }

    /// The text of a file as written to disk: paragraphs separated by a blank line.
    static func text(_ paragraphs: [[String]]) -> String {
        paragraphs.map { $0.joined(separator: " ") }.joined(separator: "\n\n") + "\n"
    }

    /// The starting folders: a few chapters in `a` and `b`, tracked as they are (a baseline).
    mutating func startingFiles(using generator: inout SeededGenerator) -> [String: [[String]]] {
        var made: [String: [[String]]] = [:]
        for _ in 0..<Int.random(in: 2...5, using: &generator) {
            let paragraphs = (0..<Int.random(in: 2...6, using: &generator)).map { _ in
                // Now and then a block quote: counted or not, as the settings say.
                (Int.random(in: 0..<4, using: &generator) == 0 ? [">"] : [])
                    + newWords(Int.random(in: 15...60, using: &generator))
            }
            made[freshPath(using: &generator)] = paragraphs
        }
        files = made
        startingA = made.filter { $0.key.hasPrefix("a/") }
        return made
    }

    /// A step that fits the current folders, drawn from `generator`.
    mutating func nextStep(using generator: inout SeededGenerator) -> WorkflowStep {
        let paths = files.keys.sorted()
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        let roll = Int.random(in: 0..<100, using: &generator)
        if paths.isEmpty || roll < 4 {
            return .create(path: freshPath(using: &generator), words: Int.random(in: 20...80, using: &generator))
        }
        let path = pick(paths)
        let paragraphs = files[path]?.count ?? 0
        switch roll {
        case 4..<30:
            return .type(
                path: path, words: Int.random(in: 1...25, using: &generator),
                paragraph: Int.random(in: 0...paragraphs, using: &generator), atomically: Bool.random(using: &generator)
            )
        case 30..<40:
            return .delete(
                path: path, words: Int.random(in: 1...12, using: &generator),
                paragraph: Int.random(in: 0..<max(1, paragraphs), using: &generator),
                atomically: Bool.random(using: &generator))
        case 40..<46: return .copy(from: path, to: freshPath(using: &generator))
        case 46..<54: return .move(from: path, to: freshPath(using: &generator))
        case 54..<64:
            return .moveAndSave(
                from: path, to: freshPath(using: &generator), words: Int.random(in: 1...8, using: &generator))
        case 64..<68:
            nextName += 1
            return .moveOut(from: path, to: "out/loose-\(nextName).md")
        case 68..<72:
            guard let away = outside.keys.sorted().first else { return .update }
            return .moveBack(from: away, to: freshPath(using: &generator))
        case 72..<75: return .remove(path: path)
        case 75..<78: return .restore(path: path)
        case 78..<80:
            let folder = "c\(trackedFolders.count - 2)"
            return .interruptedTrack(folder: folder, files: Int.random(in: 1...4, using: &generator))
        case 80..<83: return .nextDay
        case 93..<95:
            if let link = links.keys.sorted().first, Bool.random(using: &generator) { return .unlink(path: link) }
            return .link(target: path, at: freshPath(using: &generator), symbolic: Bool.random(using: &generator))
        case 95..<97:
            syncing = true
            return .sync
        case 89..<91: return .changeCounting(excludeQuotes: !excludingQuotes)
        case 91..<93: return .travel(offset: Int.random(in: -12...14, using: &generator))
        case 87..<89:
            let folder = pick(trackedFolders)
            return .replaceFolder(folder: Bool.random(using: &generator) ? folder + "/part" : folder)
        case 83..<87:
            return .interruptedUpdate(
                commits: Int.random(in: 0...3, using: &generator), locked: Bool.random(using: &generator))
        default: return .update
        }
    }

    /// Applies `step` to the model; false when it does not fit (its file is gone), so a shrunk
    /// sequence skips it. Returns the files to write and remove on disk through `disk`.
    mutating func apply(_ step: WorkflowStep, to disk: WorkflowDisk) throws -> Bool {
        guard try change(step, on: disk) else { return false }
        if watching { seeUpdate() }
        return true
    }

    /// What `step` does to the folders and the model, before Word Counter sees it.
    private mutating func change(_ step: WorkflowStep, on disk: WorkflowDisk) throws -> Bool {
        if hasSynced {
            switch step {
            case .move(let from, let to), .moveAndSave(let from, let to, _):
                if from.hasPrefix("a/") != to.hasPrefix("a/") { return false }
                // A new chapter the laptop counted first, renamed on the desk before the desk's
                // first update: the desk finds a new file under a name no machine counted, with
                // nothing to tell it is that chapter but its text (not modelled: a known gap).
                if neverSeen.contains(from) && waitingByPath[from] != nil { return false }
            case .moveOut(let from, _), .remove(let from), .restore(let from), .link(let from, _, _):
                if from.hasPrefix("a/") { return false }
            case .replaceFolder(let folder):
                if folder == "a" || folder.hasPrefix("a/") { return false }
            default: break
            }
        }
        guard try changeFiles(step, on: disk) else { return false }
        switch step {
        case .move(let from, let to) where from.hasPrefix("a/") && to.hasPrefix("a/"):
            follow(from, to: to)
        case .moveAndSave(let from, let to, _) where from.hasPrefix("a/") && to.hasPrefix("a/"):
            follow(from, to: to)
        case .create(let path, _) where path.hasPrefix("a/"):
            nextName += 1
            origin[path] = "created-\(nextName)"
        case .move(let from, let to), .moveAndSave(let from, let to, _), .moveOut(let from, let to),
            .moveBack(let from, let to), .copy(let from, let to), .link(let from, let to, _):
            if from.hasPrefix("a/") || to.hasPrefix("a/") { renamedInA = true }
        case .remove(let path), .restore(let path), .unlink(let path), .replaceFolder(let path):
            if path.hasPrefix("a/") || path == "a" { renamedInA = true }
        case .type(let path, _, _, true), .delete(let path, _, _, true):
            // An atomic save splits a hard link: the link's name is a new file.
            if path.hasPrefix("a/") && isHardLinked(path) { renamedInA = true }
        default: break
        }
        return true
    }

    /// What `step` does to the folders and the model, ``change(_:on:)`` aside.
    private mutating func changeFiles(_ step: WorkflowStep, on disk: WorkflowDisk) throws -> Bool {
        // A linked file stays where it is (its links would lead nowhere, or elsewhere), and so do
        // the folders around links.
        switch step {
        case .type(let path, _, _, _), .delete(let path, _, _, _), .link(let path, _, _):
            guard !brokenLinks.contains(path) else { return false }
        case .move(let path, _), .moveAndSave(let path, _, _), .moveOut(let path, _), .remove(let path),
            .restore(let path), .copy(let path, _):
            // A file whose hard link it split since the last update stays too: gone, the link's
            // name holds its old inode, and is the file moved there (with what was typed into it
            // in place), as Word Counter rightly sees it; the model's names would not follow.
            guard !isLinked(path), !brokenLinks.contains(path), !splitTargets.contains(path) else { return false }
        case .replaceFolder(let folder):
            guard !links.contains(where: { $0.key.hasPrefix(folder + "/") || $0.value.target.hasPrefix(folder + "/") }),
                !brokenLinks.union(splitTargets).contains(where: { $0.hasPrefix(folder + "/") })
            else { return false }
        default: break
        }
        switch step {
        case .type(let path, let words, let paragraph, let atomically):
            guard var paragraphs = files[path], withinChurn(path, adding: words),
                !(atomically && watching && isHardLinked(path))
            else { return false }
            if atomically { breakHardLinks(to: path) }
            noteChurn(path, words)
            let typed = newWords(words)
            let counted = paragraph < paragraphs.count ? counted(words, in: paragraphs[paragraph]) : words
            if paragraph < paragraphs.count { paragraphs[paragraph] += typed } else { paragraphs.append(typed) }
            files[path] = paragraphs
            if !unseenBaseline.contains(path) { unseen[path, default: 0] += counted }
            try disk.save(path, Self.text(paragraphs), atomically: atomically)
        case .delete(let path, let words, let paragraph, let atomically):
            guard var paragraphs = files[path], paragraph < paragraphs.count else { return false }
            // A file keeps at least one word: an empty file is another story (it has no lines).
            let total = Self.words(paragraphs, excludingQuotes: false)
            let own = Self.counted(paragraphs[paragraph], excludingQuotes: false)
            let removed = min(words, own, total - 1)
            guard removed > 0, withinChurn(path, adding: removed), !(atomically && watching && isHardLinked(path))
            else { return false }
            if atomically { breakHardLinks(to: path) }
            noteChurn(path, removed)
            let counted = counted(removed, in: paragraphs[paragraph])
            paragraphs[paragraph].removeLast(removed)
            if paragraphs[paragraph].isEmpty || paragraphs[paragraph] == [">"] { paragraphs.remove(at: paragraph) }
            files[path] = paragraphs
            if !unseenBaseline.contains(path) { unseen[path, default: 0] -= counted }
            try disk.save(path, Self.text(paragraphs), atomically: atomically)
        case .create(let path, let words):
            guard isTracked(path), files[path] == nil, !disk.exists(path) else { return false }
            let paragraphs = [newWords(words)]
            files[path] = paragraphs
            // In a folder whose tracking was interrupted, a new file is part of what is there.
            if isUnfinished(path) {
                unseenBaseline.insert(path)
            } else {
                unseen[path] = words
                neverSeen.insert(path)
            }
            try disk.save(path, Self.text(paragraphs), atomically: false)
        case .copy(let from, let to):
            // A copy into or out of a folder whose tracking was interrupted, before the update that
            // finishes it, could be either file's original: which one was there first cannot be told.
            guard let paragraphs = files[from], isTracked(to), files[to] == nil, !disk.exists(to),
                !isUnfinished(from), !isUnfinished(to)
            else { return false }
            files[to] = paragraphs
            twins.formUnion([from, to])
            try disk.copy(from, to)
            seeUpdate()
        case .link(let target, let path, let symbolic):
            guard files[target] != nil, isTracked(path), files[path] == nil, links[path] == nil, !disk.exists(path),
                !isUnfinished(target), !isUnfinished(path), !twins.contains(target), !isLinked(target),
                // A file moved since the last update, with a second name before it: the update finds
                // its inode under two new names and takes either (not modelled).
                !moved.contains(target), !neverSeen.contains(target)
            else { return false }
            links[path] = (target, symbolic)
            try disk.link(target, at: path, symbolic: symbolic)
            seeUpdate()
        case .unlink(let path):
            guard links.removeValue(forKey: path) != nil else { return false }
            try disk.remove(path)
        case .move(let from, let to):
            guard let paragraphs = files[from], isTracked(to), files[to] == nil, !disk.exists(to),
                withinChurn(from, adding: 0, moving: true), !twins.contains(from)
            else { return false }
            moveChurn(from, to)
            files[from] = nil
            files[to] = paragraphs
            unseen[to] = unseen.removeValue(forKey: from)
            waitingByPath[to] = waitingByPath.removeValue(forKey: from)
            leaveBaseline(from, to: to, words: paragraphs)
            arrive(from, at: to)
            try disk.move(from, to)
        case .moveAndSave(let from, let to, let words):
            guard var paragraphs = files[from], isTracked(to), files[to] == nil, !disk.exists(to),
                withinChurn(from, adding: words, moving: true), !twins.contains(from)
            else { return false }
            noteChurn(from, words)
            moveChurn(from, to)
            try disk.move(from, to)
            let counted = counted(words, in: paragraphs[paragraphs.count - 1])
            paragraphs[paragraphs.count - 1] += newWords(words)
            files[from] = nil
            files[to] = paragraphs
            let wasBaseline = unseenBaseline.contains(from)
            unseen[to] = unseen.removeValue(forKey: from)
            waitingByPath[to] = waitingByPath.removeValue(forKey: from)
            leaveBaseline(from, to: to, words: paragraphs)
            if !wasBaseline { unseen[to, default: 0] += counted }
            arrive(from, at: to)
            try disk.save(to, Self.text(paragraphs), atomically: true)
        case .moveOut(let from, let to):
            // Out and back in before an update is a move: recognised by its text while most of it stays.
            guard let paragraphs = files[from], outside[to] == nil, !twins.contains(from),
                withinChurn(from, adding: 0, moving: true)
            else { return false }
            moveChurn(from, to)
            files[from] = nil
            outsideUnseen[to] = unseen.removeValue(forKey: from)
            waitingByPath[to] = waitingByPath.removeValue(forKey: from)
            // Never recorded (or new since the last update): back in a tracked folder, it is a new
            // file there, its words writing, unless it lands in a folder whose tracking is unfinished.
            if neverSeen.remove(from) != nil { outsideNew.insert(to) }
            if unseenBaseline.remove(from) != nil {
                outsideNew.insert(to)
                outsideUnseen[to] = Self.words(paragraphs, excludingQuotes: excludingQuotes)
            }
            outside[to] = paragraphs
            try disk.move(from, to)
        case .moveBack(let from, let to):
            guard let paragraphs = outside[from], isTracked(to), files[to] == nil, !disk.exists(to),
                !isUnfinished(to)
            else { return false }
            outside[from] = nil
            unseen[to] = outsideUnseen.removeValue(forKey: from)
            waitingByPath[to] = waitingByPath.removeValue(forKey: from)
            files[to] = paragraphs
            if outsideNew.remove(from) != nil { neverSeen.insert(to) }
            // Back under another name: recognised by its text only while most of it stays.
            moved.insert(to)
            churn[to] = churn.removeValue(forKey: from) ?? (0, Self.words(paragraphs, excludingQuotes: false))
            try disk.move(from, to)
        case .remove(let path):
            guard files[path] != nil else { return false }
            files[path] = nil
            unseen[path] = nil
            unseenBaseline.remove(path)
            try disk.remove(path)
        case .restore(let path):
            guard let paragraphs = files[path] else { return false }
            try disk.remove(path)
            try disk.save(path, Self.text(paragraphs), atomically: false)
        case .replaceFolder(let folder):
            let inside = files.filter { $0.key.hasPrefix(folder + "/") }.sorted { $0.key < $1.key }
            guard !inside.isEmpty else { return false }
            try disk.remove(folder)
            for (path, paragraphs) in inside { try disk.save(path, Self.text(paragraphs), atomically: false) }
        case .interruptedTrack(let folder, let count):
            guard !trackedFolders.contains(folder) else { return false }
            for index in 0..<count {
                let paragraphs = [newWords(5 + index)]
                files["\(folder)/draft-\(index).md"] = paragraphs
                unseenBaseline.insert("\(folder)/draft-\(index).md")
                try disk.save("\(folder)/draft-\(index).md", Self.text(paragraphs), atomically: false)
            }
            trackedFolders.append(folder)
            unfinishedFolders.insert(folder)
        case .update:
            seeUpdate()
        case .sync:
            let had = laptopHas ?? startingA.reduce(into: [:]) { $0[$1.key] = ($1.key, $1.value) }
            guard syncing, !watching, !renamedInA, laptopFollows(had) else { return false }
            hasSynced = true
            // The laptop counts what the desk typed into `a` and has not counted yet, in the
            // copies it has (under any name: a file the desk renamed is renamed there too), and in
            // new files the desk never counted; a new copy of a file the desk counted is a
            // baseline there, the desk's words in it left to the desk.
            // A copy whose text the sync leaves as it was (typed and taken back) changes nothing there.
            for (path, words) in unseen where path.hasPrefix("a/") {
                let copy = had[identity(of: path)]
                guard copy != nil || neverSeen.contains(path), copy?.paragraphs != files[path] else { continue }
                writtenToday += words
                waitingByPath[path, default: 0] += words
                unseen[path] = nil
            }
            laptopHas = files.filter { $0.key.hasPrefix("a/") }.reduce(into: [:]) {
                $0[identity(of: $1.key)] = ($1.key, $1.value)
            }
        case .nextDay:
            // What waits as synced stays on the day it was counted: claimed there.
            waitingByPath = [:]
            pastDays.append(writtenToday)
            writtenToday = 0
            now += 86_400
        case .changeCounting(let exclude):
            // A file out of tracking then is recounted by the new rules only when it is back, and
            // what was typed into it meanwhile counts by the rules it was last counted by: not
            // modelled, so the rules change only while every file is in place.
            guard exclude != excludingQuotes, outside.isEmpty else { return false }
            // The command recounts at once: what was typed so far counts by the old rules.
            seeUpdate()
            excludingQuotes = exclude
        case .travel(let newOffset):
            // With watch running, its process keeps the zone it started in: not modelled.
            let days = day(offset: newOffset) - day(offset: offset)
            // With a laptop that stays at home, a day would be two days: not modelled.
            guard !watching, !syncing, newOffset != offset, days >= 0 else { return false }
            for _ in 0..<days {
                pastDays.append(writtenToday)
                writtenToday = 0
            }
            offset = newOffset
        case .interruptedUpdate:
            // Run again at once (what the writer does after the error): the two together see what
            // one update would have. Which files the stopped one saw alone the model cannot tell,
            // so nothing happens between them. A hard link split since the last update is known
            // for the old file only to the update that recounts its original: one stopped after
            // that recount leaves the next to take it for new writing (a known gap, not modelled).
            guard brokenLinks.isEmpty else { return false }
            seeUpdate()
        }
        return true
    }

    /// The file `path` names: its target, for a link.
    func name(of path: String) -> String {
        links[path]?.target ?? path
    }

    /// Whether a link leads to `path`.
    func isLinked(_ path: String) -> Bool {
        links.values.contains { $0.target == path }
    }

    /// Whether a hard link leads to `path`.
    func isHardLinked(_ path: String) -> Bool {
        links.values.contains { $0.target == path && !$0.symbolic }
    }

    /// An atomic save of `path` gives it a new inode: a hard link to it keeps the old one, and is
    /// a file of its own from then on, with the text of before the save (a copy: no writing).
    /// (With watch running, the watcher is told nothing of the old name, and tracks it only at its
    /// periodic full update, as new: not modelled.)
    private mutating func breakHardLinks(to path: String) {
        for (link, value) in links where value.target == path && !value.symbolic {
            links[link] = nil
            files[link] = files[path]
            twins.formUnion([path, link])
            brokenLinks.insert(link)
            splitTargets.insert(path)
        }
    }

    /// Notes that the file at `from` is at `to` now (``origin``).
    private mutating func follow(_ from: String, to: String) {
        origin[to] = identity(of: from)
        origin[from] = nil
    }

    /// Which file of `a` is at `path` (``origin``).
    func identity(of path: String) -> String {
        origin[path] ?? path
    }

    /// Whether the laptop, given the copies it `had`, takes each file the desk renamed since for
    /// the same file under its new name, as the desk does: by its text, while most of it is the
    /// same (a rename and a rewrite at once is a new file). A name that another file of `a` has
    /// taken since (names swapped between two syncs) looks to the laptop like a changed file:
    /// not modelled, and neither is a chapter the laptop never had, renamed on the desk since its
    /// last update.
    func laptopFollows(_ had: [String: (path: String, paragraphs: [[String]])]) -> Bool {
        let heldBy = Dictionary(had.map { ($0.value.path, $0.key) }) { first, _ in first }
        for (path, paragraphs) in files where path.hasPrefix("a/") {
            let id = identity(of: path)
            if let holder = heldBy[path], holder != id { return false }
            // A chapter the laptop never had, which the desk counted and then renamed before its
            // next update: the laptop finds it new, under a name no document has yet, with nothing
            // but its text to tell it is the desk's chapter (not modelled: a known gap).
            if had[id] == nil, !neverSeen.contains(path), moved.contains(path) { return false }
            guard let copy = had[id], copy.path != path else { continue }
            let before = Set(copy.paragraphs.joined().filter { $0 != ">" })
            let after = Set(paragraphs.joined().filter { $0 != ">" })
            if before.symmetricDifference(after).count * 5 > before.count { return false }
        }
        return true
    }

    /// Whether `path` is below a tracked folder (a step of a shrunk sequence may name one that an
    /// earlier step, now dropped, would have tracked).
    func isTracked(_ path: String) -> Bool {
        path.split(separator: "/").first.map { trackedFolders.contains(String($0)) } ?? false
    }

    /// Whether `words` more typed or deleted words keep `path` recognisable if it was or will be moved.
    func withinChurn(_ path: String, adding words: Int, moving: Bool = false) -> Bool {
        guard moving || moved.contains(path) else { return true }
        let total = files[path].map { $0.reduce(0) { $0 + $1.count } } ?? 0
        let (changed, base) = churn[path] ?? (0, total)
        return (changed + words) * 5 <= base
    }

    /// Notes `words` typed or deleted in `path`.
    mutating func noteChurn(_ path: String, _ words: Int) {
        let total = files[path].map { $0.reduce(0) { $0 + $1.count } } ?? 0
        let (changed, base) = churn[path] ?? (0, total)
        churn[path] = (changed + words, base)
    }

    /// Moves the churn record of a moved file, and its being new: a file never seen that lands in
    /// a folder whose tracking was interrupted joins its baseline.
    mutating func moveChurn(_ from: String, _ to: String) {
        churn[to] = churn.removeValue(forKey: from)
        moved.remove(from)
        moved.insert(to)
    }

    /// After a move: a file never seen that lands in a folder whose tracking was interrupted joins
    /// its baseline, what was typed into it included.
    mutating func arrive(_ from: String, at to: String) {
        guard neverSeen.remove(from) != nil else { return }
        if isUnfinished(to) {
            unseenBaseline.insert(to)
            unseen[to] = nil
        } else {
            neverSeen.insert(to)
        }
    }

    /// Whether `path` is in a folder whose interrupted tracking no update has finished yet.
    func isUnfinished(_ path: String) -> Bool {
        path.split(separator: "/").first.map { unfinishedFolders.contains(String($0)) } ?? false
    }

    /// An update sees what was typed into the files still in tracked folders.
    private mutating func seeUpdate() {
        writtenToday += unseen.values.reduce(0, +)
        waitingByPath = waitingByPath.filter { files[$0.key] == nil }
        unseen = [:]
        churn = [:]
        moved = []
        neverSeen = []
        unseenBaseline = []
        unfinishedFolders = []
        brokenLinks = []
        splitTargets = []
    }

    /// A file of an interrupted folder moved out of it before any update is new where it lands.
    private mutating func leaveBaseline(_ from: String, to: String, words paragraphs: [[String]]) {
        guard unseenBaseline.remove(from) != nil else { return }
        if isUnfinished(to) {
            unseenBaseline.insert(to)
        } else {
            unseen[to, default: 0] += Self.words(paragraphs, excludingQuotes: excludingQuotes)
            neverSeen.insert(to)
        }
    }
}
