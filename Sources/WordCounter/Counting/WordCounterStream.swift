/// Counts the words of one file as its bytes arrive, in chunks that may be cut anywhere.
///
/// Feeding a file whole or in any number of pieces gives the same ``CountResult``: a UTF-8 sequence, a token, a
/// `--` or `...` run and a Markdown line may all straddle two chunks. Memory stays bounded whatever the input (a
/// few MiB at most, for a Markdown paragraph that is buffered up to a cap).
///
/// The text is UTF-8, or UTF-16 when it starts with a UTF-16 byte order mark (`FF FE` little-endian, `FE FF`
/// big-endian): that is decoded as it arrives and counted as its UTF-8 form would be, the mark itself excluded.
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
    private var isKnownBinary = false
    /// The first byte, kept while it may start a UTF-16 byte order mark whose second byte has not arrived.
    private var heldFirstByte: UInt8?
    /// Set once the file is known to be UTF-16.
    private var utf16: UTF16Transcoder?
    /// The UTF-8 form of the UTF-16 chunk being counted, reused from chunk to chunk.
    private var transcoded: [UInt8] = []

    /// What the `markdown` mode leaves out; empty in the other modes.
    public let exclusions: MarkdownExclusions

    /// Creates a stream at the start of a file; `exclusions` apply in the `markdown` mode only.
    public init(mode: CountingMode, excluding exclusions: MarkdownExclusions = []) {
        self.mode = mode
        self.exclusions = mode == .markdown ? exclusions : []
        tokenizer = WordTokenizer(appliesWordRules: mode == .words)
        markdown = mode == .markdown ? MarkdownCounter(excluding: exclusions) : nil
    }

    /// Whether the file is binary: a NUL byte (a NUL code unit in UTF-16) within the first ``binaryProbeLength``
    /// bytes. Known as soon as the byte arrives, and it never changes back; a reader may stop feeding then.
    public var isBinary: Bool { isKnownBinary }

    /// Counts the next bytes of the file.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        guard !isKnownBinary, !bytes.isEmpty else { return }
        if probedBytes == 0, utf16 == nil {
            guard startsEncoding(bytes) else { return }
        }
        if var transcoder = utf16 {
            utf16 = nil
            transcoded.removeAll(keepingCapacity: true)
            transcoder.transcode(bytes, into: &transcoded)
            utf16 = transcoder
            if transcoder.foundNUL {
                isKnownBinary = true
                return
            }
            countUTF8(transcoded)
            return
        }
        feedUTF8(bytes)
    }

    /// Counts the next bytes of the file.
    public mutating func feed(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { feed($0) }
    }

    /// Ends the file and returns what was counted.
    public mutating func finish() -> CountResult {
        if let first = heldFirstByte {
            heldFirstByte = nil
            withUnsafeBytes(of: first) { feedUTF8($0) }
        }
        if var transcoder = utf16, !isKnownBinary {
            transcoded.removeAll(keepingCapacity: true)
            transcoder.finish(into: &transcoded)
            utf16 = transcoder
            countUTF8(transcoded)
        }
        guard !isKnownBinary else { return CountResult(words: 0, isBinary: true) }
        if markdown != nil, let result = markdown?.finish() {
            return result
        }
        return CountResult(words: tokenizer.finish())
    }

    /// Looks at the first bytes for a UTF-16 byte order mark: switches to UTF-16 (consuming the mark and counting
    /// the rest of `bytes`) or settles on UTF-8. Returns whether `feed` should go on with `bytes`; false when
    /// they were handled here or a lone first byte is kept until the next one arrives.
    private mutating func startsEncoding(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var first: UInt8
        var rest = bytes[...]
        if let held = heldFirstByte {
            first = held
        } else {
            first = bytes[0]
            rest = bytes[1...]
            guard !rest.isEmpty || (first != 0xFF && first != 0xFE) else {
                heldFirstByte = first
                return false
            }
        }
        heldFirstByte = nil
        guard let second = rest.first else { return true }
        if (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF) {
            utf16 = UTF16Transcoder(isBigEndian: first == 0xFE)
            probedBytes = 2
            let afterMark = UnsafeRawBufferPointer(rebasing: rest.dropFirst())
            if !afterMark.isEmpty { feed(afterMark) }
            return false
        }
        if rest.count == bytes.count {
            // The held byte was not part of a mark: it is ordinary text, ahead of this chunk.
            withUnsafeBytes(of: first) { feedUTF8($0) }
        }
        return true
    }

    /// Counts UTF-8 bytes of the file, probing for a NUL while within the first ``binaryProbeLength`` bytes.
    private mutating func feedUTF8(_ bytes: UnsafeRawBufferPointer) {
        guard !isKnownBinary, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let pointer = base.assumingMemoryBound(to: UInt8.self)
        if probedBytes < Self.binaryProbeLength {
            let probe = min(Self.binaryProbeLength &- probedBytes, bytes.count)
            probedBytes &+= probe
            for index in 0..<probe where pointer[index] == 0 {
                // Counting stops here: a binary file's result must not depend on where the chunks were cut.
                isKnownBinary = true
                return
            }
        }
        countUTF8(UnsafeBufferPointer(start: pointer, count: bytes.count))
    }

    /// Counts UTF-8 text that has passed the binary probe.
    private mutating func countUTF8(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { countUTF8($0) }
    }

    private mutating func countUTF8(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if markdown != nil {
            markdown?.feed(base, count: bytes.count)
        } else {
            tokenizer.feed(base, count: bytes.count)
        }
    }
}
