import Foundation
import Testing

@Suite("wordcounter on a full disk (the real binary, a tiny tmpfs in a mount namespace of its own)")
struct FullDiskCommandTests {
    /// Whether this machine lets an unprivileged user namespace mount a tmpfs.
    static let canMountTmpfs: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        process.arguments = ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test(
        "creating the database on a full disk says the disk is full, not an SQLite error code",
        .enabled(if: canMountTmpfs, "no user namespaces to mount a tmpfs in"))
    func createOnFullDisk() async throws {
        let cli = try CLI()
        defer { cli.remove() }
        try cli.write("novel/chapter.md", "one two three")
        let disk = cli.folder.appendingPathComponent("disk").path
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: true)
        let script = """
            unshare -rm sh -c 'mount -t tmpfs -o size=64k tmpfs "$0" && (cat /dev/zero > "$0/filler" 2>/dev/null; \
            "$WORDCOUNTER" --database "$0/db.sqlite" track novel)' \(disk)
            """
        let result = try await cli.run(shell: script)
        #expect(result.status == 1)
        #expect(result.errors.contains("the disk is full: free some space and try again"), "\(result.errors)")
        #expect(!result.errors.contains("SQLite error"), "\(result.errors)")
    }
}
