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
    /// Copies that followed the document to another key: tracked file's id → the key it moved to
    /// (renamed on one machine, the other machines' copies are still at the old name until their
    /// sync brings the rename, and count against the document where it went). Nil when none.
    public var forwarded: [String: String]?

    /// Creates the record of a document first counted as `fileID`.
    public init(id: String, fileID: String, words: Int?, machine: String?, copies: [String: String] = [:]) {
        self.id = id
        self.fileID = fileID
        self.words = words
        self.machine = machine
        self.copies = copies
    }

    /// Whether no machine's copy is this document any more: every copy followed it to another key
    /// (``forwarded``). A file found at its key now is another document.
    public var isLeft: Bool { copies.isEmpty }

    /// The key the copy `fileID` followed the document to, when it did and is not a copy here.
    public func forwardingKey(of fileID: String, on machine: String?) -> String? {
        guard copies[machine ?? ""] != fileID, let key = forwarded?[fileID], key != id else { return nil }
        return key
    }

    /// The document under `key`, its copies and history, moved there from this one's key by the
    /// rename of one of them: the copies of every machine follow it, and a record already at
    /// `key` keeps only where its own copies went.
    public func moved(to key: String, replacing existing: SyncedDocument?) -> SyncedDocument {
        var moved = SyncedDocument(id: key, fileID: fileID, words: words, machine: machine, copies: copies)
        moved.exclusions = exclusions
        let kept = (existing?.forwarded ?? [:]).filter { copies.values.contains($0.key) == false }
        moved.forwarded = kept.isEmpty ? nil : kept
        return moved
    }

    /// What is left under this key when the document moved to `key`: where each copy went.
    public func left(for key: String) -> SyncedDocument {
        var left = self
        var forwarded = self.forwarded ?? [:]
        for copy in copies.values { forwarded[copy] = key }
        left.forwarded = forwarded
        left.copies = [:]
        left.words = nil
        left.machine = nil
        return left
    }

    /// Whether a file of `machine` other than `fileID` was its copy there: the document is about
    /// another manuscript than the file now at its path on that machine.
    public func belongsToAnother(than fileID: String, on machine: String?) -> Bool {
        guard let copy = copies[machine ?? ""] else { return false }
        return copy != fileID
    }
}
