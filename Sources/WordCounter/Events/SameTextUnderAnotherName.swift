public import Harbor

/// A folder just tracked holds files with exactly the text of files another machine tracks in a
/// folder of another name: most likely one manuscript that a file-sync tool keeps on both, which
/// two names would count twice (each machine's copy its own document). `track FOLDER --as NAME`
/// makes them one.
public struct SameTextUnderAnotherName: DomainEvent, Equatable {
    public static let eventName = "wordcounter.same-text-under-another-name"
    /// The folder tracked here.
    public let path: String
    /// Its shared name here; nil when it has none.
    public let name: String?
    /// The other machine.
    public let otherMachine: String
    /// The folder there.
    public let otherPath: String
    /// Its shared name there.
    public let otherName: String
    /// How many files here have the text of one there.
    public let files: Int

    /// Creates the event.
    public init(path: String, name: String?, otherMachine: String, otherPath: String, otherName: String, files: Int) {
        self.path = path
        self.name = name
        self.otherMachine = otherMachine
        self.otherPath = otherPath
        self.otherName = otherName
        self.files = files
    }
}
