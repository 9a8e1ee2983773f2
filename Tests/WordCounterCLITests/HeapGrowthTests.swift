import CHeap
import Testing

/// The `wordcounter` process's malloc setting (the CHeap target it links), here in the test
/// process, which links it too.
@Suite("Heap growth step")
struct HeapGrowthTests {
    @Test("linking CHeap sets malloc's growth step before main, and glibc takes it")
    func setBeforeMain() {
        #if canImport(Glibc)
            #expect(cheap_growth_step_set() == 1)
            #expect(CHEAP_GROWTH_STEP == 4 << 20)
        #endif
    }
}
