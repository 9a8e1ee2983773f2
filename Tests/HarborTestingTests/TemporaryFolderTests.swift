import Foundation
import HarborTesting
import Testing

@Suite("TemporaryFolder")
struct TemporaryFolderTests {
    let files = FileManager.default

    func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return files.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    @Test("creates a new, empty folder with a unique name under the system's temporary folder")
    func creates() throws {
        let first = try TemporaryFolder(prefix: "kit-test")
        let second = try TemporaryFolder(prefix: "kit-test")
        #expect(first.path != second.path)
        for folder in [first, second] {
            #expect(isFolder(folder.path))
            #expect(try files.contentsOfDirectory(atPath: folder.path).isEmpty)
            #expect(folder.url.path == folder.path)
            #expect(folder.url.lastPathComponent.hasPrefix("kit-test-"))
            #expect(folder.url.deletingLastPathComponent().path == files.temporaryDirectory.standardizedFileURL.path)
        }
    }

    @Test("file(_:) and fileURL(_:) name a place inside the folder and create nothing")
    func paths() throws {
        let folder = try TemporaryFolder()
        #expect(folder.file("a/b.txt") == folder.path + "/a/b.txt")
        #expect(folder.fileURL("a/b.txt").path == folder.path + "/a/b.txt")
        #expect(!files.fileExists(atPath: folder.file("a")))
    }

    @Test("remove() deletes everything, also folders made unreadable or read-only, and can be called twice")
    func removesEverything() throws {
        let folder = try TemporaryFolder()
        for name in ["locked", "read-only/inner"] {
            try files.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: folder.fileURL(name + "/file.txt"))
        }
        try files.setAttributes([.posixPermissions: 0], ofItemAtPath: folder.file("locked"))
        try files.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.file("read-only"))
        try folder.remove()
        #expect(!files.fileExists(atPath: folder.path))
        try folder.remove()
    }

    @Test("remove() deletes symbolic links without following them")
    func keepsLinkTargets() throws {
        let outside = try TemporaryFolder()
        try Data("keep".utf8).write(to: outside.fileURL("kept.txt"))
        try files.setAttributes([.posixPermissions: 0o500], ofItemAtPath: outside.path)

        let folder = try TemporaryFolder()
        try files.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: outside.path)
        try folder.remove()
        #expect(!files.fileExists(atPath: folder.path))
        #expect(try String(contentsOfFile: outside.file("kept.txt"), encoding: .utf8) == "keep")
        let permissions = try files.attributesOfItem(atPath: outside.path)[.posixPermissions] as? Int
        #expect(permissions == 0o500)
    }

    @Test("a folder is removed when its last reference goes away")
    func removedOnRelease() throws {
        var folder: TemporaryFolder? = try TemporaryFolder()
        let path = try #require(folder?.path)
        try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/file.txt"))
        folder = nil
        #expect(!files.fileExists(atPath: path))
    }

    @Test("with(_:) removes the folder after the body returns or throws")
    func scoped() throws {
        struct Stop: Error {}
        let kept = try TemporaryFolder.with { folder in
            try Data("x".utf8).write(to: folder.fileURL("file.txt"))
            #expect(isFolder(folder.path))
            return folder.path
        }
        #expect(!files.fileExists(atPath: kept))

        var thrownFrom: String?
        #expect(throws: Stop.self) {
            try TemporaryFolder.with { folder in
                thrownFrom = folder.path
                throw Stop()
            }
        }
        let path = try #require(thrownFrom)
        #expect(!files.fileExists(atPath: path))
    }

    @Test("with(_:) removes the folder after an async body returns")
    func scopedAsync() async throws {
        let path = try await TemporaryFolder.with { folder in
            await Task.yield()
            #expect(isFolder(folder.path))
            return folder.path
        }
        #expect(!files.fileExists(atPath: path))
    }
}
