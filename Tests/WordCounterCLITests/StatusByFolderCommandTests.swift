import Foundation
import Testing

@Suite("wordcounter status --by folder: each tracked folder and the folders in it")
struct StatusByFolderCommandTests {
    @Test("a book with a folder per part: each part's words and today's change, under the book's")
    func parts() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("book/part-one/chapter-1.md", "one two three")
        try cli.write("book/part-one/scenes/scene-a.md", "one")
        try cli.write("book/part-two/chapter-2.md", "one two")
        try cli.write("book/title.md", "title")
        try cli.write("book-notes/idea.md", "an idea")
        #expect(try await cli.run("track", "book").status == 0)
        #expect(try await cli.run("track", "book-notes").status == 0)
        try cli.write("book/part-one/chapter-1.md", "one two three four five")
        try cli.write("book/part-two/chapter-2.md", "one")
        #expect(try await cli.run("update").status == 0)

        let result = try await cli.run("status", "--by", "folder")
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let book = cli.folder.appendingPathComponent("book").path
        let notes = cli.folder.appendingPathComponent("book-notes").path
        #expect(
            lines == [
                ["WORDS", "TODAY", "FILES", "FOLDER"],
                ["8", "+1", "4", book],
                ["6", "+2", "2", "part-one/"],
                ["1", "0", "1", "scenes/"],
                ["1", "-1", "1", "part-two/"],
                ["2", "0", "1", notes],
            ], "\(result.output)")
        // Subfolders are indented under their folder, two spaces a level.
        let text = result.output.split(separator: "\n").map(String.init)
        func column(_ line: Int, _ name: String) -> Int? {
            text[line].range(of: name).map { text[line].distance(from: text[line].startIndex, to: $0.lowerBound) }
        }
        let bookColumn = try #require(column(1, book))
        #expect(column(2, "part-one/") == bookColumn + 2)
        #expect(column(3, "scenes/") == bookColumn + 4)

        let json = try #require(try await cli.run("status", "--by", "folder", "--json").json() as? [[String: Any]])
        #expect(
            json.map { $0["path"] as? String } == [
                book, book + "/part-one", book + "/part-one/scenes", book + "/part-two", notes,
            ])
        #expect(json.map { $0["words"] as? Int } == [8, 6, 1, 1, 2])
        #expect(json.map { $0["today"] as? Int } == [1, 2, 0, -1, 0])
        #expect(json.map { $0["depth"] as? Int } == [0, 1, 2, 1, 0])
        #expect(json.allSatisfy { Set($0.keys) == ["path", "root", "depth", "files", "words", "today"] })
    }

    @Test("only files tracked by name: the command says to track a folder")
    func noFolder() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("loose.md", "one")
        #expect(try await cli.run("track", "loose.md").status == 0)
        let result = try await cli.run("status", "--by", "folder")
        #expect(result.status == 0)
        #expect(result.output == "No folder is tracked, only files: track a folder with wordcounter track FOLDER\n")
    }
}
