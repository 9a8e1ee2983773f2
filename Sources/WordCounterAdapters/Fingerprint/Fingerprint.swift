/// A fast 64-bit hash of a file's content, fed chunk by chunk: XXH64 with seed 0.
///
/// The value depends only on the bytes, never on how they were split into chunks, and is the
/// published XXH64 algorithm, so fingerprints stored by one version of Word Counter stay valid in
/// the next and can be checked with any `xxhsum -H64`. Four independent multiply-rotate lanes over
/// 8-byte little-endian words make it run at several GB/s; it is not cryptographic.
///
/// ```swift
/// var fingerprint = Fingerprint()
/// fingerprint.update(firstChunk)
/// fingerprint.update(secondChunk)
/// let value = fingerprint.value  // == Fingerprint.of(firstChunk + secondChunk)
/// ```
public struct Fingerprint: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5
    private static let stripe = 32

    private var lane1 = prime1 &+ prime2
    private var lane2 = prime2
    private var lane3: UInt64 = 0
    private var lane4: UInt64 = 0 &- prime1
    private var length: UInt64 = 0
    /// The bytes of an unfinished 32-byte stripe, in memory order.
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0

    /// Starts a fingerprint of empty content.
    public init() {}

    /// The fingerprint of `bytes`.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var fingerprint = Fingerprint()
        fingerprint.update(bytes)
        return fingerprint.value
    }

    /// Adds the next bytes of the content.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the next bytes of the content.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var offset = 0
        if pendingCount > 0 {
            offset = min(Self.stripe - pendingCount, bytes.count)
            let start = pendingCount
            withUnsafeMutableBytes(of: &pending) { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[start..<(start + offset)])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[0..<offset]))
            }
            pendingCount += offset
            guard pendingCount == Self.stripe else { return }
            withUnsafeBytes(of: pending) { consumeStripes(UnsafeRawBufferPointer($0)) }
            pendingCount = 0
        }
        let whole = (bytes.count - offset) / Self.stripe * Self.stripe
        if whole > 0 {
            consumeStripes(UnsafeRawBufferPointer(start: base + offset, count: whole))
            offset += whole
        }
        let rest = bytes.count - offset
        if rest > 0 {
            withUnsafeMutableBytes(of: &pending) { buffer in
                UnsafeMutableRawBufferPointer(rebasing: buffer[0..<rest])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            }
            pendingCount = rest
        }
    }

    /// The fingerprint of everything added so far; adding more afterwards is allowed.
    public var value: UInt64 {
        var hash: UInt64
        if length >= UInt64(Self.stripe) {
            hash = Self.rotate(lane1, 1) &+ Self.rotate(lane2, 7) &+ Self.rotate(lane3, 12) &+ Self.rotate(lane4, 18)
            hash = Self.merge(hash, lane1)
            hash = Self.merge(hash, lane2)
            hash = Self.merge(hash, lane3)
            hash = Self.merge(hash, lane4)
        } else {
            hash = Self.prime5
        }
        hash &+= length
        withUnsafeBytes(of: pending) { tail in
            var offset = 0
            while offset + 8 <= pendingCount {
                let word = UInt64(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                hash = Self.rotate(hash ^ Self.round(0, word), 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= pendingCount {
                let word = UInt64(UInt32(littleEndian: tail.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                hash = Self.rotate(hash ^ (word &* Self.prime1), 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < pendingCount {
                hash = Self.rotate(hash ^ (UInt64(tail[offset]) &* Self.prime5), 11) &* Self.prime1
                offset += 1
            }
        }
        hash ^= hash >> 33
        hash &*= Self.prime2
        hash ^= hash >> 29
        hash &*= Self.prime3
        return hash ^ (hash >> 32)
    }

    /// Mixes whole 32-byte stripes into the four lanes; locals keep the lanes in registers.
    private mutating func consumeStripes(_ stripes: UnsafeRawBufferPointer) {
        var (lane1, lane2, lane3, lane4) = (self.lane1, self.lane2, self.lane3, self.lane4)
        var offset = 0
        while offset < stripes.count {
            lane1 = Self.round(
                lane1, UInt64(littleEndian: stripes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            lane2 = Self.round(
                lane2, UInt64(littleEndian: stripes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
            lane3 = Self.round(
                lane3, UInt64(littleEndian: stripes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
            lane4 = Self.round(
                lane4, UInt64(littleEndian: stripes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            offset += Self.stripe
        }
        (self.lane1, self.lane2, self.lane3, self.lane4) = (lane1, lane2, lane3, lane4)
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 &- count))
    }
}
