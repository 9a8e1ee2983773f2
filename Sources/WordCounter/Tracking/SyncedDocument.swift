public import Harbor

/// One manuscript as every machine sees it: the same file, synced between machines by a
/// file-sync tool, at the same path below a tracked folder of the same name.
///
/// Each machine keeps a ``TrackedFile`` of its own for its copy (where it is there, its inode),
/// and all of them count against this record, so the writing is counted once, on the machine
/// whose count changed it first; a machine that later finds the same words in its copy (the sync
/// brought them) counts nothing.
///
/// Its key is ``TrackedRoot/documentKey(for:)``: the folder's name and the path below it.
public struct SyncedDocument: Aggregate, Equatable {
    public static let collection = "documents"
    public static let indexes: [IndexedField<SyncedDocument>] = []

    /// `name/relative/path`.
    public let id: String
    /// The tracked file whose history (``DailyCount/fileID``) the writing of every copy goes to:
    /// the first one counted.
    public let fileID: String
    /// The last count of any copy, on any machine; nil when the file asks not to be counted.
    public var words: Int?
    /// The machine that took that count.
    public var machine: String?
    /// Each machine's copy: machine name → its tracked file's id. A machine whose copy was another
    /// file than the one counted now (deleted, or renamed away, and a new file took its path)
    /// starts the document again, so the new file never counts against the old one's words.
    public var copies: [String: String]
    /// What Markdown counts left out when ``words`` was counted (nil: not recorded, before this
    /// was kept): a copy counted by other rules moves ``words`` by the rules' difference, once.
    public var exclusions: MarkdownExclusions?

    /// Creates the record of a document first counted as `fileID`.
    public init(id: String, fileID: String, words: Int?, machine: String?, copies: [String: String] = [:]) {
        self.id = id
        self.fileID = fileID
        self.words = words
        self.machine = machine
        self.copies = copies
    }

    /// Whether a file of `machine` other than `fileID` was its copy there: the document is about
    /// another manuscript than the file now at its path on that machine.
    public func belongsToAnother(than fileID: String, on machine: String?) -> Bool {
        guard let copy = copies[machine ?? ""] else { return false }
        return copy != fileID
    }
}
