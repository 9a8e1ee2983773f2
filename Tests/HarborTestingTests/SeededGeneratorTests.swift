import HarborTesting
import Testing

@Suite("SeededGenerator")
struct SeededGeneratorTests {
    @Test("produces the reference SplitMix64 sequence")
    func referenceSequence() {
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test("the same seed repeats, another seed differs")
    func seeds() {
        var a = SeededGenerator(seed: 7)
        var b = SeededGenerator(seed: 7)
        var c = SeededGenerator(seed: 8)
        let first = (0..<10).map { _ in a.next() }
        #expect(first == (0..<10).map { _ in b.next() })
        #expect(first != (0..<10).map { _ in c.next() })
    }

    @Test("unit interval values lie in 0..<1 and spread over it")
    func unitInterval() {
        var generator = SeededGenerator(seed: 1)
        let values = (0..<1_000).map { _ in generator.nextUnitInterval() }
        #expect(values.allSatisfy { (0..<1).contains($0) })
        #expect(values.filter { $0 < 0.5 }.count > 400)
        #expect(values.filter { $0 >= 0.5 }.count > 400)
    }
}
