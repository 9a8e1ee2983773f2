/// Counts the words of one file as its bytes arrive, in chunks that may be cut anywhere.
///
/// Feeding a file whole or in any number of pieces gives the same ``CountResult``: a UTF-8 sequence, a token, a
/// `--` or `...` run and a Markdown line may all straddle two chunks. Memory stays bounded whatever the input (a
/// few MiB at most, for a Markdown paragraph that is buffered up to a cap).
///
/// ```swift
/// var stream = WordCounterStream(mode: .forPath(path))
/// for chunk in chunks { stream.feed(chunk) }
/// let result = stream.finish()
/// ```
public struct WordCounterStream: Sendable {
    /// How many leading bytes are searched for a NUL to tell binary files.
    public static let binaryProbeLength = 8 * 1024

    /// The rules this stream counts by.
    public let mode: CountingMode
    private var tokenizer: WordTokenizer
    private var markdown: MarkdownCounter?
    private var probedBytes = 0
    private var isBinary = false

    /// Creates a stream at the start of a file.
    public init(mode: CountingMode) {
        self.mode = mode
        tokenizer = WordTokenizer(appliesWordRules: mode == .words)
        markdown = mode == .markdown ? MarkdownCounter() : nil
    }

    /// Counts the next bytes of the file.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !isBinary, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        if probedBytes < Self.binaryProbeLength {
            let probe = min(Self.binaryProbeLength &- probedBytes, bytes.count)
            probedBytes &+= probe
            for index in 0..<probe where pointer[index] == 0 {
                // Counting stops here: a binary file's result must not depend on where the chunks were cut.
                isBinary = true
                return
            }
        }
        if markdown != nil {
            markdown?.feed(pointer, count: bytes.count)
        } else {
            tokenizer.feed(pointer, count: bytes.count)
        }
    }

    /// Counts the next bytes of the file.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Ends the file and returns what was counted.
    public mutating func finish() -> CountResult {
        guard !isBinary else { return CountResult(words: 0, isBinary: true) }
        if markdown != nil, let result = markdown?.finish() {
            return result
        }
        return CountResult(words: tokenizer.finish())
    }
}
