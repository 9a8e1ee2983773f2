import Testing
import WordCounter

/// The sample of `FileFilter`'s doc comment.
@Suite("Sample: FileFilter")
struct FileFilterSample {
    @Test("extensions by default; include globs replace them, exclude globs win")
    func sample() {
        let filter = FileFilter()
        #expect(filter.accepts(relativePath: "book/Chapter-1.MD"))  // md, any case
        #expect(!filter.accepts(relativePath: "cover.png"))

        let drafts = FileFilter(include: ["drafts/**", "*.fountain"], exclude: ["**/old/*", "*~"])
        #expect(drafts.accepts(relativePath: "drafts/act-1/scene.txt"))
        #expect(!drafts.accepts(relativePath: "drafts/old/scene.txt"))  // exclude wins
        #expect(drafts.accepts(relativePath: "notes/film.fountain"))  // the name matches
        #expect(!drafts.accepts(relativePath: "notes/todo.md"))  // not included
    }
}
