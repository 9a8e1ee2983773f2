import Foundation
import Testing

@Suite("wordcounter with a subfolder it may not read (the real binary, real folders)")
struct UnreadableFolderCommandTests {
    @Test(
        "an unreadable subfolder of a tracked folder is named with exit status 1 by track and update, the rest counted",
        .enabled(if: CLI.canDenyReads, "running as root without setpriv: root reads every folder"))
    func unreadableSubfolder() async throws {
        let cli = try CLI(shared: true)
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two three")
        try cli.write("novel/locked/secret.md", "private words")
        let locked = cli.folder.appendingPathComponent("novel/locked").path
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: cli.folder.path)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o777], ofItemAtPath: cli.folder.appendingPathComponent("novel").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }

        let track = try await cli.run(["track", "novel"], as: CLI.unprivileged)
        #expect(track.status == 1)
        #expect(track.output.contains("Tracking 1 new file (3 words"), "\(track.output)")
        #expect(track.errors.contains("wordcounter: \(locked): folder not read: permission denied"), "\(track.errors)")

        let update = try await cli.run(["update"], as: CLI.unprivileged)
        #expect(update.status == 1)
        #expect(update.output.contains("Checked 1 file"), "\(update.output)")
        #expect(
            update.errors.contains("wordcounter: \(locked): folder not read: permission denied"), "\(update.errors)")

        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: locked)
        let readable = try await cli.run(["update"], as: CLI.unprivileged)
        #expect(readable.status == 0, "\(readable.errors)")
        #expect(readable.output.contains("1 new"), "\(readable.output)")
    }
}
