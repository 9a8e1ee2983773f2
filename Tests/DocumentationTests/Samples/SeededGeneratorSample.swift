import HarborTesting
import Testing

/// The sample of `SeededGenerator`'s doc comment.
@Suite("Sample: SeededGenerator")
struct SeededGeneratorSample {
    @Test("the same seed rolls the same die")
    func sample() {
        var generator = SeededGenerator(seed: 42)
        let roll = Int.random(in: 1...6, using: &generator)
        var again = SeededGenerator(seed: 42)
        #expect(Int.random(in: 1...6, using: &again) == roll)
    }
}
