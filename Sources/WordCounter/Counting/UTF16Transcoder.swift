/// Turns UTF-16 text (the bytes after its byte order mark) into UTF-8 as it arrives, in chunks cut anywhere.
///
/// A code unit or a surrogate pair cut by the end of a chunk is completed by the next one. What is not UTF-16
/// becomes one invalid UTF-8 byte (0xFF) in the output, which the counters read as any invalid input: an unpaired
/// surrogate, and an odd last byte.
struct UTF16Transcoder: Sendable {
    /// The byte order the byte order mark gave.
    let isBigEndian: Bool
    /// A code unit 0 began within the first ``WordCounterStream/binaryProbeLength`` bytes of the file: the file is
    /// binary, as a NUL byte makes a UTF-8 file.
    private(set) var foundNUL = false
    /// Bytes of the file before the next chunk, the byte order mark included.
    private var consumed = 2
    /// The first byte of a code unit cut by the end of the previous chunk.
    private var oddByte: UInt8?
    /// A high surrogate waiting for its low half; 0 when none is.
    private var highSurrogate: UInt16 = 0

    /// Creates a transcoder for the text after a byte order mark.
    init(isBigEndian: Bool) {
        self.isBigEndian = isBigEndian
    }

    /// Appends the UTF-8 form of the next `bytes` of UTF-16 to `output`.
    mutating func transcode(_ bytes: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        var index = 0
        if let first = oddByte {
            oddByte = nil
            handle(unit(first, bytes[0]), at: consumed &- 1, into: &output)
            index = 1
        }
        while index &+ 1 < bytes.count {
            handle(unit(bytes[index], bytes[index &+ 1]), at: consumed &+ index, into: &output)
            index &+= 2
        }
        if index < bytes.count { oddByte = bytes[index] }
        consumed &+= bytes.count
    }

    /// Ends the text: a high surrogate still waiting, or an odd last byte, is invalid.
    mutating func finish(into output: inout [UInt8]) {
        if highSurrogate != 0 {
            highSurrogate = 0
            output.append(0xFF)
        }
        if oddByte != nil {
            oddByte = nil
            output.append(0xFF)
        }
    }

    @inline(__always)
    private func unit(_ first: UInt8, _ second: UInt8) -> UInt16 {
        isBigEndian ? UInt16(first) << 8 | UInt16(second) : UInt16(second) << 8 | UInt16(first)
    }

    private mutating func handle(_ unit: UInt16, at offset: Int, into output: inout [UInt8]) {
        if unit == 0, offset < WordCounterStream.binaryProbeLength { foundNUL = true }
        if highSurrogate != 0 {
            let high = highSurrogate
            highSurrogate = 0
            if (0xDC00...0xDFFF).contains(unit) {
                let value = 0x1_0000 &+ (UInt32(high &- 0xD800) << 10 | UInt32(unit &- 0xDC00))
                UTF8Decoding.append(value, to: &output)
                return
            }
            output.append(0xFF)
        }
        switch unit {
        case 0xD800...0xDBFF:
            highSurrogate = unit
        case 0xDC00...0xDFFF:
            output.append(0xFF)
        default:
            UTF8Decoding.append(UInt32(unit), to: &output)
        }
    }
}
