import CStatx
import Glibc
public import WordCounter

extension LocalFileSystem {
    /// How much of a file its ``ContentSketch`` is made of: the first MiB.
    static let sketchedBytes: Int64 = 1 << 20

    /// How many times a file that changes while it is read is read again before giving up.
    static let readAttempts = 3

    /// Reads the regular file at `path` to the end, counting words in `mode` and fingerprinting it.
    ///
    /// Guarantees: never blocks on a FIFO; memory stays under `chunkSize` plus the counter's own
    /// bounded state; the returned status is that of the open file, the one actually read, even
    /// if the path was replaced meanwhile (an editor's atomic save). A file whose size or
    /// modification time changes during the read is read again from the start, up to
    /// ``readAttempts`` times, so the count and fingerprint always describe one version of it.
    /// - Throws: ``FileProblem/binary`` (a NUL in the first 8 KiB, a NUL code unit in UTF-16, found without
    ///   reading further),
    ///   ``FileProblem/notRegularFile(_:)``, ``FileProblem/vanished`` (deleted while it shrank
    ///   under the reader), ``FileProblem/io(_:)`` (a read error, or still changing after the
    ///   last attempt), and the errors of ``status(of:)``.
    public func count(
        _ path: String, mode: CountingMode, excluding exclusions: MarkdownExclusions
    ) throws(FileProblem) -> FileCount {
        let file: OpenFile
        do {
            file = try OpenFile(readingAt: path)
        } catch .io(let message) {
            // A socket cannot be opened at all (ENXIO): say what it is rather than the system's message.
            if let status = try? status(of: path), status.kind != .regular { throw .notRegularFile(status.kind) }
            throw .io(message)
        }
        var before = try Self.status(of: file, path: path).status
        guard before.kind == .regular else { throw .notRegularFile(before.kind) }
        // A buffer just big enough to see the end of a small file in one read, at most 1 MiB.
        let capacity = max(4096, min(Self.chunkSize, Int(clamping: before.size) + 1))
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 64)
        defer { buffer.deallocate() }
        for attempt in 1...Self.readAttempts {
            let (count, bytesRead) = try Self.read(
                file, mode: mode, excluding: exclusions, buffer: buffer, status: before)
            let (after, links) = try Self.status(of: file, path: path)
            if bytesRead == before.size, after.size == before.size, after.modified == before.modified {
                return count
            }
            // Deleted and cut short: what was read is neither the old content nor any new one.
            if links == 0 && bytesRead < before.size { throw .vanished }
            guard attempt < Self.readAttempts else { break }
            before = after
            try file.rewind()
        }
        throw .io("kept changing while being read")
    }

    /// The fingerprint of the file at `path`: its bytes hashed as ``count(_:mode:excluding:)``
    /// hashes them, without counting.
    public func fingerprint(of path: String) throws(FileProblem) -> UInt64 {
        let file = try OpenFile(readingAt: path)
        let status = try Self.status(of: file, path: path).status
        guard status.kind == .regular else { throw .notRegularFile(status.kind) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(
            byteCount: max(4096, min(Self.chunkSize, Int(clamping: status.size) + 1)), alignment: 64)
        defer { buffer.deallocate() }
        var fingerprint = Fingerprint()
        while true {
            let count = try file.read(into: buffer)
            if count == 0 { return fingerprint.value }
            fingerprint.update(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
        }
    }

    /// The sketch of the file at `path` with every word run's hash, of its first MiB at most.
    public func fullSketch(of path: String, upTo limit: UInt32) throws(FileProblem) -> ContentSketch {
        let file = try OpenFile(readingAt: path)
        let status = try Self.status(of: file, path: path).status
        guard status.kind == .regular else { throw .notRegularFile(status.kind) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 64)
        defer { buffer.deallocate() }
        var sketch = ContentSketch(keepingAll: true, upTo: limit)
        var total = 0
        while total < 1 << 20 {
            let count = try file.read(into: buffer)
            if count == 0 { break }
            sketch.update(UnsafeRawBufferPointer(rebasing: buffer[0..<min(count, (1 << 20) - total)]))
            total += count
        }
        return sketch.finished
    }

    /// Reads `file` from its current offset to the end, into one counter and one fingerprint.
    private static func read(
        _ file: borrowing OpenFile, mode: CountingMode, excluding exclusions: MarkdownExclusions,
        buffer: UnsafeMutableRawBufferPointer, status: FileStatus
    ) throws(FileProblem) -> (FileCount, bytesRead: Int64) {
        var stream = WordCounterStream(mode: mode, excluding: exclusions)
        var fingerprint = Fingerprint()
        var sketch = ContentSketch()
        var total: Int64 = 0
        while true {
            let count = try file.read(into: buffer)
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
            total += Int64(count)
            stream.feed(chunk)
            // Stop at once: reading the rest of a large binary file would be wasted time. The stream decides,
            // since a NUL byte is text in UTF-16.
            if stream.isBinary { throw .binary }
            fingerprint.update(chunk)
            // The sketch of the first MiB: a chapter's whole text, and no cost on a huge file.
            if total - Int64(count) < Self.sketchedBytes {
                sketch.update(
                    UnsafeRawBufferPointer(
                        rebasing: chunk[..<min(count, Int(Self.sketchedBytes - (total - Int64(count))))]))
            }
        }
        let result = stream.finish()
        if result.isBinary { throw .binary }
        let words = result.countingDisabled ? nil : result.words
        return (
            FileCount(words: words, fingerprint: fingerprint.value, status: status, sketch: sketch.finished), total
        )
    }

    /// The status of the open `file`, with its link count, reported at `path`.
    private static func status(
        of file: borrowing OpenFile, path: String
    ) throws(FileProblem) -> (status: FileStatus, links: UInt32) {
        let raw = cstatx_fd(file.descriptor)
        guard raw.error == 0 else { throw FileProblem(errno: raw.error) }
        return (FileStatus(path: path, raw), raw.links)
    }
}
