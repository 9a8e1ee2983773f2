import Foundation
import Glibc
import HarborTesting

/// File operations with the system calls' own semantics, which file-identity and monitoring
/// tests depend on: a write keeps the inode, a rename replaces its target.
extension TemporaryFolder {
    /// The absolute path of `relativePath` inside the folder: `folder("a.md")`.
    func callAsFunction(_ relativePath: String) -> String {
        file(relativePath)
    }

    /// Writes `contents` to `relativePath` in place (creating folders on the way) and returns its path.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> String {
        try write(relativePath, bytes: Array(contents.utf8))
    }

    /// Writes `bytes` to `relativePath` in place (creating folders on the way) and returns its path.
    @discardableResult
    func write(_ relativePath: String, bytes: [UInt8]) throws -> String {
        let file = file(relativePath)
        try FileManager.default.createDirectory(
            atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // open(2) with O_TRUNC keeps the inode, as `>` in a shell does; Data.write would replace it.
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXFailure(call: "open", code: errno) }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard result > 0 else { throw POSIXFailure(call: "write", code: errno) }
            written += result
        }
        return file
    }

    /// Creates the folder `relativePath` and those above it.
    func createFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: file(relativePath), withIntermediateDirectories: true)
    }

    /// Renames `from` to `to`, both relative to the folder, as `mv` does (keeping the inode).
    func rename(_ from: String, to: String) throws {
        try check(Glibc.rename(file(from), file(to)), "rename")
    }

    /// Deletes the file at `relativePath`.
    func deleteFile(_ relativePath: String) throws {
        try check(unlink(file(relativePath)), "unlink")
    }
}
