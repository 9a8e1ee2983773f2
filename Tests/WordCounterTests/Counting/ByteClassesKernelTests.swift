import CByteClasses
import Testing

@testable import WordCounter

/// The C byte classifier: its SSE2 and scalar paths give the same masks, and the masks match the Swift rules.
struct ByteClassesKernelTests {
    /// Both paths' masks for `block`.
    private func bothPaths(_ block: [UInt8]) -> (sse2: cbyteclasses_masks, scalar: cbyteclasses_masks)? {
        precondition(block.count == 16)
        return block.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return (cbyteclasses_classify16_sse2(base), cbyteclasses_classify16_scalar(base))
        }
    }

    /// Whether two mask sets are equal, class by class.
    private func same(_ left: cbyteclasses_masks, _ right: cbyteclasses_masks) -> Bool {
        left.markup == right.markup && left.spaces == right.spaces && left.letters == right.letters
            && left.hyphens == right.hyphens && left.dots == right.dots && left.non_ascii == right.non_ascii
            && left.delimiters == right.delimiters
    }

    @Test func everyByteValueInEveryLaneMatchesTheSwiftRules() {
        for value in 0...255 {
            let byte = UInt8(value)
            for lane in 0..<16 {
                var block = [UInt8](repeating: 0x41, count: 16)
                block[lane] = byte
                guard let (sse2, scalar) = bothPaths(block) else {
                    Issue.record("no base address")
                    return
                }
                #expect(same(sse2, scalar), "byte \(value) in lane \(lane)")
                let bit = UInt16(1) << UInt16(lane)
                #expect((scalar.markup & bit != 0) == MarkdownInlineRenderer.mayStartMarkup(byte))
                #expect((scalar.spaces & bit != 0) == (byte == 0x20 || (0x09...0x0D).contains(byte)))
                let letter =
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                #expect((scalar.letters & bit != 0) == letter)
                #expect((scalar.hyphens & bit != 0) == (byte == 0x2D))
                #expect((scalar.dots & bit != 0) == (byte == 0x2E))
                #expect((scalar.non_ascii & bit != 0) == (byte >= 0x80))
                #expect((scalar.delimiters & bit != 0) == (byte == 0x2A || byte == 0x5F || byte == 0x7E))
            }
        }
    }

    @Test func randomBlocksAgreeOnBothPaths() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let block = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
            guard let (sse2, scalar) = bothPaths(block) else {
                Issue.record("no base address")
                return
            }
            #expect(same(sse2, scalar), "block \(block)")
        }
    }

    @Test func theDefaultPathIsTheSSE2OneOnX86() {
        #if arch(x86_64)
            #expect(cbyteclasses_has_sse2() == 1)
        #endif
        let block: [UInt8] = Array("a *b_ c.d-e\té[x".utf8.prefix(16))
        #expect(block.count == 16)
        block.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                Issue.record("no base address")
                return
            }
            #expect(same(cbyteclasses_classify16(base), cbyteclasses_classify16_scalar(base)))
        }
    }
}
