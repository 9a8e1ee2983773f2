import Foundation
import Testing

@testable import WordCounter

/// What the watcher's snapshot makes of paths: exact bytes, as the file system compares them.
@Suite("Tracked snapshot")
struct TrackedSnapshotTests {
    let precomposed = "/n/caf\u{E9}.md"
    let decomposed = "/n/cafe\u{301}.md"

    func snapshot(tracking paths: [String], roots: [String] = ["/n"]) -> TrackedSnapshot {
        TrackedSnapshot(
            files: paths.enumerated().map { index, path in
                TrackedFile(id: "f\(index)", path: path, root: "/n", mode: .markdown, trackedAt: Date())
            },
            roots: roots.map { TrackedRoot(path: $0, filter: FileFilter()) })
    }

    @Test("a precomposed and a decomposed é are two names: tracking one does not track the other")
    func canonicalEquivalentNames() {
        let snapshot = snapshot(tracking: [precomposed])
        #expect(snapshot.tracks(precomposed))
        #expect(!snapshot.tracks(decomposed))
        // The other spelling is a new file of the tracked folder.
        #expect(snapshot.root(accepting: decomposed)?.path == "/n")
    }

    @Test("folders compare by bytes too: a decomposed folder name is another folder")
    func canonicalEquivalentFolders() {
        let snapshot = snapshot(tracking: ["/n/caf\u{E9}/a.md"])
        #expect(snapshot.hasTrackedFiles(below: "/n/caf\u{E9}"))
        #expect(!snapshot.hasTrackedFiles(below: "/n/cafe\u{301}"))
        #expect(TrackedSnapshot.relativePath(of: "/n/cafe\u{301}/a.md", below: "/n/caf\u{E9}") == nil)
        #expect(TrackedSnapshot.relativePath(of: "/n/caf\u{E9}/a.md", below: "/n/caf\u{E9}") == "a.md")
    }

    @Test("a name that starts with a combining mark still has its folder and its visibility")
    func combiningMarkAfterSlash() {
        // As Characters, "/" and a following combining mark are one, so a search for "/" misses it.
        let path = "/n/\u{301}notes.md"
        #expect(TrackedSnapshot.parent(of: path) == "/n")
        #expect(TrackedSnapshot.isVisible("\u{301}notes.md"))
        #expect(!TrackedSnapshot.isVisible("drafts/.\u{301}hidden.md"))
        #expect(snapshot(tracking: []).root(accepting: path)?.path == "/n")
    }
}
