import Foundation
import Harbor
import Hummingbird
import HummingbirdTesting
import Testing
import WordCounter
import WordCounterAdapters
import WordCounterWeb

@Suite("Security: symbolic links inside a root")
struct SymlinkRootTests {
    /// A real folder on disk: `root/` (the server's only root) and `private/` beside it, with links
    /// from the root to what is private.
    final class Disk: Sendable {
        let folder: URL
        var root: String { folder.appendingPathComponent("root").path }
        var outside: String { folder.appendingPathComponent("private").path }

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "wordcounter-links-\(UUID().uuidString)")
            let files = FileManager.default
            try files.createDirectory(
                atPath: folder.appendingPathComponent("root/novel").path, withIntermediateDirectories: true)
            try files.createDirectory(
                atPath: folder.appendingPathComponent("root/leaky").path, withIntermediateDirectories: true)
            try files.createDirectory(
                atPath: folder.appendingPathComponent("private").path, withIntermediateDirectories: true)
            try Data("one two three".utf8).write(to: folder.appendingPathComponent("root/novel/a.md"))
            try Data("secret words here".utf8).write(to: folder.appendingPathComponent("private/diary.md"))
            try Data("fine".utf8).write(to: folder.appendingPathComponent("root/leaky/fine.md"))
            try files.createSymbolicLink(atPath: "\(root)/link", withDestinationPath: outside)
            try files.createSymbolicLink(atPath: "\(root)/diary.md", withDestinationPath: "\(outside)/diary.md")
            try files.createSymbolicLink(
                atPath: "\(root)/leaky/diary.md", withDestinationPath: "../../private/diary.md")
            try files.createSymbolicLink(atPath: "\(root)/inner.md", withDestinationPath: "novel/a.md")
        }

        deinit {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The server over the real file system, with `disk.root` as its only root.
    static func server(_ disk: Disk) -> WebServer {
        let app = WordCounterApp(
            services: WordCounterServices(
                persistence: Persistence(store: InMemoryStore()), fileSystem: LocalFileSystem()))
        return WebServer(app: app, configuration: WebConfiguration(roots: TrackableRoots([disk.root])))
    }

    @Test(
        "a path through a link that leads out of the root is refused with 403, and nothing is tracked",
        arguments: ["link/diary.md", "link", "diary.md", "leaky", "leaky/diary.md"])
    func linkOut(relative: String) async throws {
        let disk = try Disk()
        let server = Self.server(disk)
        try await Application(router: server.router()).test(.router) { client in
            let response = try await client.post("/api/track", json: #"{"path": "\#(disk.root)/\#(relative)"}"#)
            #expect(response.status == .forbidden, "\(relative): \(response.text)")
            #expect(response.errorMessage?.contains("--root") == true)
            #expect(try await client.get("/api/files").decode(FilePageObject.self).files.isEmpty)
        }
    }

    @Test("links that stay inside the root are tracked, at the path they lead to")
    func linkInside() async throws {
        let disk = try Disk()
        let server = Self.server(disk)
        try await Application(router: server.router()).test(.router) { client in
            let response = try await client.post("/api/track", json: #"{"path": "\#(disk.root)/inner.md"}"#)
            #expect(response.status == .ok, "\(response.text)")
            let answer = try response.decode(TrackResponseObject.self)
            let real = try #require(FileManager.default.destinationOfSymbolicLinkOrNil(disk.root + "/novel/a.md"))
            #expect(answer.files.map(\.path) == [real])
            #expect(answer.files.map(\.words) == [3])
        }
    }

    @Test("a root that is itself reached through a link still allows what is inside it")
    func linkedRoot() async throws {
        let disk = try Disk()
        let alias = disk.folder.appendingPathComponent("alias").path
        try FileManager.default.createSymbolicLink(atPath: alias, withDestinationPath: disk.root)
        let app = WordCounterApp(
            services: WordCounterServices(
                persistence: Persistence(store: InMemoryStore()), fileSystem: LocalFileSystem()))
        let server = WebServer(app: app, configuration: WebConfiguration(roots: TrackableRoots([alias])))
        try await Application(router: server.router()).test(.router) { client in
            let response = try await client.post("/api/track", json: #"{"path": "\#(alias)/novel"}"#)
            #expect(response.status == .ok, "\(response.text)")
            let outside = try await client.post("/api/track", json: #"{"path": "\#(alias)/link"}"#)
            #expect(outside.status == .forbidden)
        }
    }
}

extension FileManager {
    /// `path` with every symbolic link resolved (`realpath`), or nil when it does not exist.
    fileprivate func destinationOfSymbolicLinkOrNil(_ path: String) -> String? {
        guard fileExists(atPath: path) else { return nil }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}
