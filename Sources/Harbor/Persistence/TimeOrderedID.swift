public import Foundation

/// Identifiers that sort by the time they were made: UUID version 7 (RFC 9562), as lowercase text.
///
/// Documents keyed by them go to the end of a store's key index instead of random places in it,
/// so a large batch of inserts rewrites a few pages of that index rather than one per document.
/// They are as unique as random UUIDs across processes and machines: 74 of their 128 bits are
/// random. Two made in the same millisecond sort in no particular order.
///
/// ```swift
/// let id = TimeOrderedID.make()  // "019ac3d2-5b1e-7c4f-9a0e-3b5f2d8c1a77"
/// ```
public enum TimeOrderedID {
    /// A new identifier for the time `date`, now by default; times before 1970 count as 1970.
    public static func make(at date: Date = Date()) -> String {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var uuid = UUID().uuid  // version 4: random, with the RFC variant bits already set
        uuid.0 = UInt8(truncatingIfNeeded: milliseconds >> 40)
        uuid.1 = UInt8(truncatingIfNeeded: milliseconds >> 32)
        uuid.2 = UInt8(truncatingIfNeeded: milliseconds >> 24)
        uuid.3 = UInt8(truncatingIfNeeded: milliseconds >> 16)
        uuid.4 = UInt8(truncatingIfNeeded: milliseconds >> 8)
        uuid.5 = UInt8(truncatingIfNeeded: milliseconds)
        uuid.6 = 0x70 | (uuid.6 & 0x0F)
        return UUID(uuid: uuid).uuidString.lowercased()
    }
}
