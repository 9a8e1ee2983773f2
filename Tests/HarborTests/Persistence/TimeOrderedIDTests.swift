import Foundation
import Harbor
import Testing

@Suite struct TimeOrderedIDTests {
    @Test func anIdentifierIsAVersion7UUIDInLowercase() throws {
        let id = TimeOrderedID.make()  // "019ac3d2-5b1e-7c4f-9a0e-3b5f2d8c1a77"
        let characters = Array(id)
        #expect(UUID(uuidString: id) != nil)
        #expect(id == id.lowercased())
        #expect(characters[14] == "7", "the version nibble")
        #expect("89ab".contains(characters[19]), "the RFC 9562 variant")
    }

    @Test func theFirst48BitsAreTheMillisecondsSince1970() {
        let id = TimeOrderedID.make(at: Date(timeIntervalSince1970: 1_764_000_000.123))
        #expect(id.hasPrefix("019ab697-e87b-7"))
        let hex = id.replacingOccurrences(of: "-", with: "").prefix(12)
        #expect(UInt64(hex, radix: 16) == 1_764_000_000_123)
        #expect(TimeOrderedID.make(at: Date(timeIntervalSince1970: -5)).hasPrefix("00000000-0000-7"))
    }

    @Test func laterIdentifiersSortAfterEarlierOnesAndNoneRepeat() {
        let start = Date(timeIntervalSince1970: 1_764_000_000)
        // Two milliseconds apart, so that no rounding of the time can put two in one millisecond.
        let ids = (0..<2_000).map { TimeOrderedID.make(at: start.addingTimeInterval(Double($0) * 0.002)) }
        let inOrder = zip(ids, ids.dropFirst()).allSatisfy { $0 < $1 }
        #expect(inOrder)
        #expect(Set(ids).count == ids.count)
        let sameMillisecond = (0..<1_000).map { _ in TimeOrderedID.make(at: start) }
        #expect(Set(sameMillisecond).count == 1_000)
    }
}
