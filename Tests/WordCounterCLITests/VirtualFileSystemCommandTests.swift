import Foundation
import Testing

@Suite("A database on a virtual file system: the real reason, not a full disk")
struct VirtualFileSystemCommandTests {
    @Test(
        "track --database /proc/x.sqlite names the system's error (no such file), not 'the disk is full'",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self")))
    func procDatabase() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/one.md", "one two three")
        for arguments in [["--database", "/proc/x.sqlite", "track", "novel"], ["copy", "--to", "/proc/y.sqlite"]] {
            let result = try await cli.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.errors)")
            #expect(!result.errors.contains("the disk is full"), "\(result.errors)")
            #expect(result.errors.contains("no such file or directory"), "\(result.errors)")
            #expect(result.errors.contains("choose another location"), "\(result.errors)")
            if arguments.first == "--database" {
                #expect(try await cli.run("track", "novel").status == 0)  // the copy below has a source
            }
        }
        #expect(!FileManager.default.fileExists(atPath: "/proc/x.sqlite"))
    }
}
