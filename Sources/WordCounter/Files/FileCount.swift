/// The outcome of reading one file to the end: its words and a fingerprint of its content.
public struct FileCount: Sendable, Equatable {
    /// The words, or nil when the file asks not to be counted (`wordcount: false` front matter).
    public var words: Int?
    /// A 64-bit hash of the whole content, to recognise the file after a move; never the text.
    public var fingerprint: UInt64
    /// The status of the file as it was read (the open file's, not the path's at another time).
    public var status: FileStatus
    /// Its text's word runs (of its first MiB), to recognise it after a move that changed some.
    public var sketch: ContentSketch

    /// Creates a count.
    public init(words: Int?, fingerprint: UInt64, status: FileStatus, sketch: ContentSketch = ContentSketch()) {
        self.words = words
        self.fingerprint = fingerprint
        self.status = status
        self.sketch = sketch
    }
}
