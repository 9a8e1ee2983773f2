import HarborTesting
import Synchronization
import Testing

@Suite("Shrinker: the shortest failing sequence")
struct ShrinkerTests {
    @Test("a failure that needs two steps far apart shrinks to exactly those two, in order")
    func twoSteps() async {
        let shrunk = await Shrinker<Int>().shrink(Array(1...40)) { $0.contains(7) && $0.contains(31) }
        #expect(shrunk == [7, 31])
    }

    @Test("a failure that needs every step keeps every step")
    func nothingToTakeOut() async {
        let steps = Array(1...9)
        let shrunk = await Shrinker<Int>().shrink(steps) { $0 == steps }
        #expect(shrunk == steps)
    }

    @Test("with keepsLast, the last step stays even when the failure does not need it")
    func keepsLast() async {
        let shrunk = await Shrinker<Int>(keepsLast: true).shrink(Array(1...30)) { $0.contains(12) }
        #expect(shrunk == [12, 30])
        let plain = await Shrinker<Int>().shrink(Array(1...30)) { $0.contains(12) }
        #expect(plain == [12])
    }

    @Test("no more sequences are tried than the budget allows, and the best found so far is returned")
    func budget() async {
        let tried = Mutex(0)
        let shrunk = await Shrinker<Int>(budget: 5).shrink(Array(1...64)) { candidate in
            tried.withLock { $0 += 1 }
            return candidate.contains(64)
        }
        #expect(tried.withLock { $0 } == 5)
        #expect(shrunk.contains(64))
        #expect(shrunk.count < 64)
    }

    @Test("an error from the check ends the shrinking and is thrown")
    func errors() async {
        struct Broken: Error {}
        await #expect(throws: Broken.self) {
            _ = try await Shrinker<Int>().shrink([1, 2, 3]) { _ in throw Broken() }
        }
    }
}
