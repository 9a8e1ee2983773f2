/// One thing a writer does, with everything it needs spelled out, so that a sequence can be
/// replayed (and shrunk) on a fresh folder: a step whose file no longer exists is skipped.
enum WorkflowStep: CustomStringConvertible, Equatable {
    /// Types `words` new words at the end of paragraph `paragraph` (a new one past the last), and
    /// saves in place or as an editor does (a temporary file renamed over it: a new inode).
    case type(path: String, words: Int, paragraph: Int, atomically: Bool)
    /// Deletes up to `words` words from the end of paragraph `paragraph`, and saves.
    case delete(path: String, words: Int, paragraph: Int, atomically: Bool)
    /// Writes a new file of `words` words: today's writing.
    case create(path: String, words: Int)
    /// Copies a file (then updates, so the copy is seen as one): never writing.
    case copy(from: String, to: String)
    /// Makes a second name for a file (a hard link, or a symbolic link to its absolute path) in a
    /// tracked folder, then updates: one file, counted once, under its first name.
    case link(target: String, at: String, symbolic: Bool)
    /// Deletes a second name made by ``link(target:at:symbolic:)``.
    case unlink(path: String)
    /// Renames or moves a file, within a tracked folder or to another.
    case move(from: String, to: String)
    /// Moves a file, then types `words` words into it and saves it atomically, before any update.
    case moveAndSave(from: String, to: String, words: Int)
    /// Moves a file out of every tracked folder.
    case moveOut(from: String, to: String)
    /// Moves a file from outside back into a tracked folder.
    case moveBack(from: String, to: String)
    /// Deletes a file.
    case remove(path: String)
    /// Deletes a file and writes it again with the same text (a checkout, a restore from the trash).
    case restore(path: String)
    /// Writes `files` files into the new folder `folder` and tracks it, with a `track` stopped by a
    /// full disk after it recorded the folder: what was there when tracked is never writing.
    case interruptedTrack(folder: String, files: Int)
    /// `wordcounter update`, then every invariant is checked.
    case update
    /// An update stopped after `commits` of its commits went through: by a full disk, or by
    /// another process holding the database locked past the busy timeout (`locked`); then, as the
    /// writer would, `update` again, and every invariant is checked: the two count what one would.
    case interruptedUpdate(commits: Int, locked: Bool)
    /// Replaces a folder (a tracked one, or a subfolder) with a copy of itself: deleted with all
    /// its files, then the same files written back (a checkout, a backup restored): new inodes,
    /// the same text, no writing.
    case replaceFolder(folder: String)
    /// `wordcounter config exclude-block-quotes on` (or `off`), which recounts at once: what was
    /// typed before counts by the rules it was typed under, the rules' difference is no writing,
    /// and what is typed after counts by the new rules.
    case changeCounting(excludeQuotes: Bool)
    /// The writer's laptop moves to the time zone `offset` hours from UTC (never back to an
    /// earlier date: a day already past stays past), and the next `wordcounter` run starts there.
    case travel(offset: Int)
    /// The sync tool brings folder `a` to the laptop (another machine on the same database,
    /// `--machine laptop`, tracking its copy of `a`): changed files copied with the desk's
    /// modification time, as sync tools do, deleted ones deleted; then the laptop's `update`.
    /// Words it counts first are the desk's writing, waiting as synced until the desk's update
    /// claims them; never counted twice.
    case sync
    /// Midnight: a new day begins (what was typed and not yet counted counts on the day an update
    /// sees it); every day's words are checked.
    case nextDay

    /// Whether this is a journey to another time zone.
    var isTravel: Bool {
        if case .travel = self { return true }
        return false
    }

    var description: String {
        switch self {
        case .type(let path, let words, let paragraph, let atomically):
            "type \(words) words into \(path) ¶\(paragraph)\(atomically ? ", saved atomically" : "")"
        case .delete(let path, let words, let paragraph, let atomically):
            "delete \(words) words of \(path) ¶\(paragraph)\(atomically ? ", saved atomically" : "")"
        case .create(let path, let words): "create \(path) with \(words) words"
        case .copy(let from, let to): "copy \(from) to \(to), update"
        case .link(let target, let path, let symbolic):
            "\(symbolic ? "symbolic" : "hard") link \(path) to \(target), update"
        case .unlink(let path): "delete the link \(path)"
        case .move(let from, let to): "move \(from) to \(to)"
        case .moveAndSave(let from, let to, let words): "move \(from) to \(to), type \(words) words, save atomically"
        case .moveOut(let from, let to): "move \(from) out to \(to)"
        case .moveBack(let from, let to): "move \(from) back to \(to)"
        case .remove(let path): "delete \(path)"
        case .restore(let path): "delete and restore \(path)"
        case .interruptedTrack(let folder, let files):
            "write \(files) files in \(folder), track it, killed by a full disk"
        case .update: "update"
        case .interruptedUpdate(let commits, let locked):
            "update stopped after \(commits) commits (\(locked ? "the database locked" : "the disk full")), update again"
        case .nextDay: "midnight: the next day begins"
        case .sync: "the sync tool brings a to the laptop; update there"
        case .changeCounting(let exclude): "config exclude-block-quotes \(exclude ? "on" : "off")"
        case .travel(let offset): "travel to UTC\(offset >= 0 ? "+" : "")\(offset)"
        case .replaceFolder(let folder): "replace \(folder) with a copy of itself"
        }
    }
}
