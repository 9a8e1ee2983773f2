/// One record of the buffer `read(2)` returns from an inotify descriptor.
///
/// The kernel writes `struct inotify_event { int wd; uint32_t mask; uint32_t cookie; uint32_t len;
/// char name[]; }` records back to back, each name NUL-padded to `len` bytes. Decoding is pure,
/// so tests feed it buffers made by hand.
package struct InotifyEvent: Sendable, Equatable {
    /// The watch the event is for (-1 for a queue overflow).
    package var watch: Int32
    /// What happened: `IN_CLOSE_WRITE`, `IN_MOVED_FROM`…, with `IN_ISDIR` for a folder.
    package var mask: UInt32
    /// Pairs an `IN_MOVED_FROM` with its `IN_MOVED_TO`.
    package var cookie: UInt32
    /// The name inside the watched folder, its bytes as the file system has them (a Linux name
    /// need not be UTF-8), without the padding; empty when the event is about the folder itself.
    package var name: [UInt8]

    /// The size of the fixed part of a record.
    package static let headerSize = 16

    /// Creates an event.
    package init(watch: Int32, mask: UInt32, cookie: UInt32, name: [UInt8]) {
        self.watch = watch
        self.mask = mask
        self.cookie = cookie
        self.name = name
    }

    /// Whether the mask has every bit of `flag`.
    package func has(_ flag: UInt32) -> Bool { mask & flag == flag }

    /// The records in `buffer`; a truncated record at the end is ignored (the kernel never writes one).
    package static func decode(_ buffer: UnsafeRawBufferPointer) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        while offset + headerSize <= buffer.count {
            let watch = buffer.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let cookie = buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self)
            let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameStart = offset + headerSize
            guard nameStart + length <= buffer.count else { break }
            let name = Array(buffer[nameStart..<(nameStart + length)].prefix { $0 != 0 })
            events.append(InotifyEvent(watch: watch, mask: mask, cookie: cookie, name: name))
            offset = nameStart + length
        }
        return events
    }
}
