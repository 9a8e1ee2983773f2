import Foundation

/// A new folder under the system's temporary folder, removed when the value is released.
final class TemporaryFolder: Sendable {
    /// The folder's path.
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("harbor-sqlite-tests-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    deinit {
        // Make read-only subfolders of a test writable again so that they can be removed.
        if let contents = FileManager.default.enumerator(atPath: path) {
            for case let name as String in contents {
                try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file(name))
            }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}
