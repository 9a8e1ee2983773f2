import Testing
import WordCounter

/// The sample of `ContentSketch`'s doc comment, and what it promises of texts alike and not.
@Suite("Sample: ContentSketch")
struct ContentSketchSample {
    @Test("a text is like itself, like itself with a few words typed, and unlike another text")
    func likeness() {
        var sketch = ContentSketch()
        sketch.update(Array("One line.\nAnother line.\n".utf8))
        let same = sketch.finished.similarity(to: sketch.finished)  // 1
        #expect(same == 1)
        let chapter = (1...400).map { "w\($0)" }.joined(separator: " ")
        var before = ContentSketch()
        before.update(Array(chapter.utf8))
        var after = ContentSketch(keepingAll: true)
        after.update(Array((chapter + " three more words").utf8))
        #expect(before.finished.likeness(to: after.finished) != nil)
        var other = ContentSketch()
        other.update(Array((1...400).map { "x\($0)" }.joined(separator: " ").utf8))
        #expect(before.finished.likeness(to: other.finished) == nil)
        #expect(before.finished.similarity(to: other.finished) == 0)
    }
}
