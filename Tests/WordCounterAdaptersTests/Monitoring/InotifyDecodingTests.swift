import Glibc
import Testing
import WordCounter

@testable import WordCounterAdapters

@Suite("Decoding inotify events and pairing moves")
struct InotifyDecodingTests {
    /// One `struct inotify_event` record as the kernel writes it, the name NUL-padded to `padded` bytes.
    static func record(watch: Int32, mask: UInt32, cookie: UInt32 = 0, name: String = "", padded: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: mask.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: cookie.littleEndian) { bytes += $0 }
        let length = name.isEmpty ? 0 : max(padded, name.utf8.count + 1)
        withUnsafeBytes(of: UInt32(length).littleEndian) { bytes += $0 }
        var nameBytes = Array(name.utf8)
        nameBytes += Array(repeating: 0, count: length - nameBytes.count)
        return bytes + nameBytes
    }

    @Test("records back to back, names NUL-padded, an overflow record without a name")
    func decode() {
        let buffer =
            Self.record(watch: 1, mask: UInt32(IN_CLOSE_WRITE), name: "chapter-1.md", padded: 16)
            + Self.record(
                watch: 2, mask: UInt32(IN_MOVED_FROM) | UInt32(IN_ISDIR), cookie: 77, name: "é-dir", padded: 32)
            + Self.record(watch: -1, mask: UInt32(IN_Q_OVERFLOW))
        let events = buffer.withUnsafeBytes { InotifyEvent.decode($0) }
        #expect(
            events == [
                InotifyEvent(watch: 1, mask: UInt32(IN_CLOSE_WRITE), cookie: 0, name: "chapter-1.md"),
                InotifyEvent(watch: 2, mask: UInt32(IN_MOVED_FROM) | UInt32(IN_ISDIR), cookie: 77, name: "é-dir"),
                InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), cookie: 0, name: ""),
            ])
        #expect(events[1].has(UInt32(IN_ISDIR)))
    }

    @Test("a truncated record at the end is ignored")
    func truncated() {
        let buffer = Self.record(watch: 1, mask: UInt32(IN_DELETE), name: "a.md", padded: 16)
        let events = Array(buffer.dropLast(4)).withUnsafeBytes { InotifyEvent.decode($0) }
        #expect(events.isEmpty)
    }

    @Test("halves of a move arriving in different reads are paired by cookie, in the kernel's order")
    func pairing() {
        let start = ContinuousClock.now
        var pairing = MovePairing<ContinuousClock.Instant>(timeout: .milliseconds(50))
        pairing.movedFrom("/n/a.md", cookie: 1, at: start)
        pairing.movedFrom("/n/b.md", cookie: 2, at: start)
        pairing.append(.modified("/n/d.md"))
        #expect(pairing.take(at: start + .milliseconds(10)).isEmpty)
        pairing.movedTo("/n/b2.md", cookie: 2)
        pairing.movedTo("/n/c.md", cookie: 3)
        // Still behind a.md's first half: nothing after it is told before it.
        #expect(pairing.take(at: start + .milliseconds(10)).isEmpty)
        #expect(pairing.nextDeadline == start + .milliseconds(50))
        #expect(
            pairing.take(at: start + .milliseconds(50)) == [
                .removed("/n/a.md"), .moved(from: "/n/b.md", to: "/n/b2.md"), .modified("/n/d.md"), .created("/n/c.md"),
            ])
        #expect(pairing.nextDeadline == nil)
        pairing.movedTo("/n/a2.md", cookie: 1)  // too late: a creation
        #expect(pairing.take(at: start + .milliseconds(60)) == [.created("/n/a2.md")])
    }
}
