import Foundation
import Glibc
import HarborStorage
import Synchronization
import Testing

@Suite("Inotify: decoding records, reading a folder's events")
struct InotifyTests {
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
                InotifyEvent(watch: 1, mask: UInt32(IN_CLOSE_WRITE), cookie: 0, name: Array("chapter-1.md".utf8)),
                InotifyEvent(
                    watch: 2, mask: UInt32(IN_MOVED_FROM) | UInt32(IN_ISDIR), cookie: 77, name: Array("é-dir".utf8)),
                InotifyEvent(watch: -1, mask: UInt32(IN_Q_OVERFLOW), cookie: 0, name: []),
            ])
        #expect(events[1].has(UInt32(IN_ISDIR)))
    }

    @Test("a truncated record at the end is ignored")
    func truncated() {
        let buffer = Self.record(watch: 1, mask: UInt32(IN_DELETE), name: "a.md", padded: 16)
        let events = Array(buffer.dropLast(4)).withUnsafeBytes { InotifyEvent.decode($0) }
        #expect(events.isEmpty)
    }

    @Test("a file written in a watched folder is read as its records, its name in bytes")
    func readsAFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inotify-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inotify = try Inotify()
        let watch = try inotify.addWatch(folder, mask: UInt32(IN_CLOSE_WRITE) | UInt32(IN_CREATE))
        #expect(inotify.readEvents().isEmpty)
        let (events, continuation) = AsyncStream.makeStream(of: InotifyEvent.self)
        let thread = try #require(
            inotify.startReading { _ in
                for event in inotify.readEvents() { continuation.yield(event) }
                return nil
            })
        defer { thread.stop() }
        try Data("words".utf8).write(to: URL(fileURLWithPath: folder + "/chapter.md"))  // in place, not atomically
        var seen: [InotifyEvent] = []
        for await event in events {
            seen.append(event)
            if event.has(UInt32(IN_CLOSE_WRITE)) { break }
        }
        #expect(
            seen.first == InotifyEvent(watch: watch, mask: UInt32(IN_CREATE), cookie: 0, name: Array("chapter.md".utf8))
        )
        #expect(
            seen.last
                == InotifyEvent(watch: watch, mask: UInt32(IN_CLOSE_WRITE), cookie: 0, name: Array("chapter.md".utf8)))
    }

    @Test("a folder that is not there is a failure with its errno")
    func missingFolder() throws {
        let inotify = try Inotify()
        let failure = #expect(throws: Inotify.Failure.self) {
            try inotify.addWatch("/nonexistent-\(UUID().uuidString)", mask: UInt32(IN_CREATE))
        }
        #expect(failure?.code == ENOENT)
        #expect(failure?.description == "No such file or directory")
    }
}
