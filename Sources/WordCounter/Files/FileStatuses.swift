/// The statuses a folder listing read, found by their path's exact bytes.
///
/// Kept as one array in the order given, with a table of positions hashed by the paths' UTF-8
/// bytes: for the 50,000 files `track` and `update` hold while they work, about a third of the
/// memory of a dictionary (whose table is at most three quarters full and holds a key and a whole
/// status in every slot), built and searched without sorting. Exact bytes, because on Linux two
/// spellings of "é" are two names, and `String`'s `==` and hashing take them for one.
public struct FileStatuses: Sendable, Equatable, RandomAccessCollection {
    /// The statuses, one per path, in the order given.
    private var statuses: [FileStatus]
    /// Open addressing over `statuses`: each slot holds a position plus one, or 0 when empty.
    /// Twice as many slots as statuses at least, so a probe ends soon.
    private var slots: [Int32]

    /// No statuses.
    public init() {
        statuses = []
        slots = []
    }

    /// The given statuses, in their order; of two with the same path, the first is kept.
    public init(_ statuses: consuming [FileStatus]) {
        var kept = statuses
        var capacity = 16
        while capacity < kept.count * 2 { capacity *= 2 }
        slots = [Int32](repeating: 0, count: capacity)
        var duplicates = false
        for position in kept.indices {
            if !Self.insert(position, of: kept, into: &slots) { duplicates = true }
        }
        if duplicates {
            // Rare (a listing names each file once; a merge may not): kept again without them.
            var unique: [FileStatus] = []
            var uniqueSlots = [Int32](repeating: 0, count: capacity)
            for status in kept {
                unique.append(status)
                if !Self.insert(unique.count - 1, of: unique, into: &uniqueSlots) { unique.removeLast() }
            }
            kept = unique
            slots = uniqueSlots
        }
        self.statuses = kept
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int { statuses.count }

    /// The status at `position`, in the order given.
    public subscript(position: Int) -> FileStatus { statuses[position] }

    /// What the status at `position` says of the file, without its path: read in place, with no
    /// copy of the path (which would touch its storage, somewhere in memory, for each lookup).
    public func facts(at position: Int) -> (kind: FileStatus.Kind, identity: FileIdentity, size: Int64, modified: Int64)
    {
        withLookup { $0.facts(at: position) }
    }

    /// Calls `body` with a ``Lookup`` of these statuses, valid only inside it.
    public func withLookup<Result>(_ body: (Lookup) throws -> Result) rethrows -> Result {
        try statuses.withUnsafeBufferPointer { statuses in
            try slots.withUnsafeBufferPointer { slots in try body(Lookup(statuses: statuses, slots: slots)) }
        }
    }

    /// Calls `body` with a ``Lookup`` of each of `listings`, in their order, valid only inside it.
    public static func withLookups<Result>(
        _ listings: [FileStatuses], _ body: ([Lookup]) throws -> Result
    ) rethrows -> Result {
        func nest(_ index: Int, _ lookups: [Lookup]) throws -> Result {
            guard index < listings.count else { return try body(lookups) }
            return try listings[index].withLookup { try nest(index + 1, lookups + [$0]) }
        }
        return try nest(0, [])
    }

    /// The paths with a status, in the order given.
    public var paths: [String] { statuses.map(\.path) }

    /// The status of `path`, or nil when the listing has none for it.
    public subscript(path: String) -> FileStatus? {
        firstIndex(ofPath: path).map { statuses[$0] }
    }

    /// Where the status of `path` is, or nil when the listing has none for it.
    public func firstIndex(ofPath path: String) -> Int? {
        var path = path
        return path.withUTF8 { firstIndex(ofPathBytes: UnsafeRawBufferPointer($0)) }
    }

    /// ``firstIndex(ofPath:)`` for the path whose UTF-8 bytes are `path`.
    public func firstIndex(ofPathBytes path: UnsafeRawBufferPointer) -> Int? {
        withLookup { $0.firstIndex(ofPathBytes: path) }
    }

    /// These statuses and `other`'s, this one's kept for a path both have.
    public func merging(_ other: FileStatuses) -> FileStatuses {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return FileStatuses(statuses + other.statuses)
    }

    public static func == (first: FileStatuses, second: FileStatuses) -> Bool {
        first.statuses == second.statuses
    }

    /// Puts `position` of `statuses` in `slots`; false when its path is there already.
    private static func insert(_ position: Int, of statuses: [FileStatus], into slots: inout [Int32]) -> Bool {
        statuses.withUnsafeBufferPointer { statuses in
            let path = statuses[position].path
            let mask = slots.count - 1
            var slot = hash(path) & mask
            while slots[slot] != 0 {
                if PathBytes.same(statuses[Int(slots[slot]) - 1].path, path) { return false }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(position + 1)
            return true
        }
    }

    /// A hash of the path's UTF-8 bytes (not of its characters, as `String`'s hash is).
    ///
    /// Eight bytes a step, multiplied and folded: a third of the cost of `Hasher`'s seeded SipHash,
    /// which `update` would pay twice per tracked file. Not keyed, so names made to collide could
    /// slow a listing; they would have to be the user's own files.
    static func hash(_ path: String) -> Int {
        var path = path
        return path.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// ``hash(_:)`` of a path's UTF-8 bytes.
    static func hash(_ raw: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
        var offset = 0
        while offset + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < raw.count {
            tail |= UInt64(raw[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
        return Int(truncatingIfNeeded: hash)
    }
}
