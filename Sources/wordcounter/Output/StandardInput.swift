import Foundation
import WordCounter

/// Counting what arrives on standard input, in chunks, in bounded memory.
enum StandardInput {
    static func count(mode: CountingMode, excluding exclusions: MarkdownExclusions = []) -> CountedFile {
        var stream = WordCounterStream(mode: mode, excluding: exclusions)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let read = Glibc.read(STDIN_FILENO, buffer.baseAddress, buffer.count)
            if read < 0 {
                if errno == EINTR { continue }
                return CountedFile(path: "-", words: nil, problem: String(cString: strerror(errno)))
            }
            if read == 0 { break }
            stream.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<read]))
        }
        let result = stream.finish()
        if result.isBinary { return CountedFile(path: "-", words: nil, problem: FileProblem.binary.description) }
        return CountedFile(path: "-", words: result.countingDisabled ? 0 : result.words, problem: nil)
    }
}
