import Glibc
import WordCounter

/// A file descriptor open for reading, closed when the value goes away, so no path can leak it.
struct OpenFile: ~Copyable {
    /// The descriptor, valid for the value's lifetime.
    let descriptor: Int32

    /// Opens `path` for reading without blocking on a FIFO or becoming a controlling terminal.
    /// - Throws: the problem `open(2)`'s `errno` stands for.
    init(readingAt path: String) throws(FileProblem) {
        // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever; the caller
        // checks the kind before it reads, so non-blocking reads are never seen on a regular file.
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        var descriptor: Int32
        repeat {
            descriptor = PathBytes.withCString(path) { open($0, flags) }
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileProblem(errno: errno) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes at the current offset; 0 at the end of the file.
    /// - Throws: the problem `read(2)`'s `errno` stands for (`EINTR` is retried).
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileProblem) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileProblem(errno: errno) }
        }
    }

    /// Moves back to the first byte, to read the file again.
    /// - Throws: the problem `lseek(2)`'s `errno` stands for.
    func rewind() throws(FileProblem) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw FileProblem(errno: errno) }
    }
}
