import Foundation
import Testing
import WordCounter

/// Which files of a tracked folder count: extensions, include and exclude globs.
@Suite("FileFilter")
struct FileFilterTests {
    @Test("by default, text extensions count in any case; others, and names without one, do not")
    func defaultExtensions() {
        let filter = FileFilter()
        for accepted in ["a.md", "b/c.MD", "notes.Txt", "paper.tex", "film.fountain", "x.y.org", "e.markdown"] {
            #expect(filter.accepts(relativePath: accepted), "\(accepted)")
        }
        for rejected in ["cover.png", "README", "md", ".md", "archive.md.zip", "", "/"] {
            #expect(!filter.accepts(relativePath: rejected), "\(rejected)")
        }
    }

    @Test("custom extensions are compared without case and may be given with a dot")
    func customExtensions() {
        let filter = FileFilter(extensions: [".ADOC", "txt"])
        #expect(filter.accepts(relativePath: "book.adoc"))
        #expect(filter.accepts(relativePath: "a/b.TXT"))
        #expect(!filter.accepts(relativePath: "a.md"))
    }

    @Test(
        "a glob without a slash matches the file name at any depth",
        arguments: [
            ("*.md", "a.md", true), ("*.md", "deep/down/a.md", true), ("*.md", "a.mdx", false),
            ("*.md", "a.MD", false), ("chapter-?.md", "chapter-1.md", true), ("chapter-?.md", "chapter-10.md", false),
            ("*", "anything/at/all", true), ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY", false),
            ("*.md", "md", false), ("*draft*", "my-draft-2.txt", true),
        ])
    func nameGlobs(glob: String, path: String, expected: Bool) {
        #expect(FileFilter(include: [glob]).accepts(relativePath: path) == expected)
    }

    @Test(
        "a glob with a slash matches the path from the tracked folder; * stays within a component",
        arguments: [
            ("drafts/*", "drafts/a.md", true), ("drafts/*", "drafts/old/a.md", false),
            ("drafts/**", "drafts/a.md", true), ("drafts/**", "drafts/old/deep/a.md", true),
            ("drafts/**", "other/drafts/a.md", false), ("**/notes/*.txt", "notes/a.txt", true),
            ("**/notes/*.txt", "research/paris/notes/a.txt", true), ("**/notes/*.txt", "notes/sub/a.txt", false),
            ("**/notes/*.txt", "research/notes.txt", false), ("/drafts/*.md", "drafts/a.md", true),
            ("drafts/", "drafts/x/y.md", true), ("a/**/b.md", "a/b.md", true), ("a/**/b.md", "a/x/y/b.md", true),
            ("*/a.md", "x/a.md", true), ("*/a.md", "a.md", false), ("**", "a/b/c.md", true),
            ("**/*.md", "a.md", true), ("a/**/**/b.md", "a/b.md", true),
        ])
    func pathGlobs(glob: String, path: String, expected: Bool) {
        #expect(FileFilter(include: [glob]).accepts(relativePath: path) == expected)
    }

    @Test(
        "character classes, ranges, negation and escapes",
        arguments: [
            ("[abc].md", "b.md", true), ("[abc].md", "d.md", false), ("ch-[0-9].md", "ch-7.md", true),
            ("ch-[0-9].md", "ch-x.md", false), ("[!x]*.md", "a.md", true), ("[!x]*.md", "x.md", false),
            ("[^x]*.md", "x.md", false), ("[a-cx-z]", "y", true), ("[a-cx-z]", "m", false), ("[]]", "]", true),
            ("[!]]", "a", true), ("[é]t[é].md", "été.md", true), ("?t?.md", "été.md", true), ("\\*.md", "*.md", true),
            ("\\*.md", "a.md", false), ("[unclosed", "[unclosed", true), ("[z-a]", "m", false),
            ("[a-]", "-", true), ("file[*]", "file*", true), ("file[*]", "fileX", false),
        ])
    func classes(glob: String, path: String, expected: Bool) {
        #expect(FileFilter(include: [glob]).accepts(relativePath: path) == expected)
    }

    @Test("include globs replace the extensions; any one of them is enough")
    func includesReplaceExtensions() {
        let filter = FileFilter(include: ["*.fountain", "scripts/**"])
        #expect(filter.accepts(relativePath: "film.fountain"))
        #expect(filter.accepts(relativePath: "scripts/run.sh"))
        #expect(!filter.accepts(relativePath: "chapter.md"))
    }

    @Test("excludes win over includes and over extensions")
    func excludesWin() {
        let globbed = FileFilter(include: ["drafts/**"], exclude: ["**/old/*", "*~"])
        #expect(globbed.accepts(relativePath: "drafts/a.md"))
        #expect(!globbed.accepts(relativePath: "drafts/old/a.md"))
        #expect(!globbed.accepts(relativePath: "drafts/a.md~"))
        let byExtension = FileFilter(exclude: ["TODO.md", "private/"])
        #expect(byExtension.accepts(relativePath: "a.md"))
        #expect(!byExtension.accepts(relativePath: "sub/TODO.md"))
        #expect(!byExtension.accepts(relativePath: "private/diary.md"))
        #expect(byExtension.accepts(relativePath: "public/private.md"))
    }

    // Exponential backtracking would take longer than the universe's age here: the limit catches it.
    @Test("long names and many stars match in linear time, not exponential", .timeLimit(.minutes(1)))
    func noCatastrophicBacktracking() {
        let name = String(repeating: "a", count: 200) + ".txt"
        let filter = FileFilter(include: [String(repeating: "*a", count: 30) + "*b"])
        #expect(!filter.accepts(relativePath: name))
        let deep = Array(repeating: "x", count: 100).joined(separator: "/") + "/y.md"
        #expect(!FileFilter(include: ["**/x/**/x/**/x/**/z.md"]).accepts(relativePath: deep))
    }

    @Test("changing a property recompiles the globs")
    func mutation() {
        var filter = FileFilter()
        #expect(filter.accepts(relativePath: "a.md"))
        filter.exclude = ["a.*"]
        #expect(!filter.accepts(relativePath: "a.md"))
        filter.exclude = []
        filter.include = ["*.png"]
        #expect(filter.accepts(relativePath: "cover.png"))
        filter.include = []
        filter.extensions = ["png"]
        #expect(filter.accepts(relativePath: "cover.png"))
        #expect(!filter.accepts(relativePath: "a.md"))
    }

    @Test("equality and hashing follow the three public properties")
    func equality() {
        #expect(FileFilter() == FileFilter(extensions: FileFilter.defaultExtensions))
        #expect(FileFilter(include: ["*.md"]) != FileFilter())
        #expect(Set([FileFilter(), FileFilter(), FileFilter(exclude: ["x"])]).count == 2)
    }

    @Test("round-trips through JSON, and a stored filter missing keys gets the defaults")
    func codable() throws {
        let filter = FileFilter(extensions: ["md"], include: ["drafts/**"], exclude: ["*~"])
        let data = try JSONEncoder().encode(filter)
        #expect(try JSONDecoder().decode(FileFilter.self, from: data) == filter)
        let decoded = try JSONDecoder().decode(FileFilter.self, from: Data(#"{"exclude":["*.tmp"]}"#.utf8))
        #expect(decoded == FileFilter(exclude: ["*.tmp"]))
        #expect(!decoded.accepts(relativePath: "a.tmp"))
    }
}
