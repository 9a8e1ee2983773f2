public import Foundation

/// A new, empty folder with a unique name under the system's temporary folder, for tests that
/// need real files; removed with everything in it when the test is done.
///
/// ```swift
/// let used = try await TemporaryFolder.with { folder in
///     let store = try JSONFileStore(folder: folder.fileURL("store"))
///     _ = try await store.commit(ChangeSet(events: [event]))
///     return folder.path
/// }  // the folder is gone here
/// ```
///
/// Guarantees:
/// - The folder exists when the initializer returns, and its name is new: the initializer fails
///   rather than reuse a folder that exists.
/// - ``remove()`` deletes the folder and everything in it, also subfolders that a test made
///   unreadable or read-only. Symbolic links are removed, never followed, so nothing outside the
///   folder is touched. Removing twice is harmless.
/// - A folder not removed explicitly is removed when the instance is released. Swift may release
///   an instance right after its last use, so when only paths derived from it are used later, use
///   `TemporaryFolder.with { folder in … }` or call ``remove()`` at the end.
public final class TemporaryFolder: Sendable {
    /// The folder's location.
    public let url: URL
    /// The folder's absolute path, without a trailing slash.
    public let path: String

    /// Creates a folder named `prefix` followed by a unique suffix in the system's temporary folder.
    /// - Throws: the file system's error when the folder cannot be created.
    public init(prefix: String = "harbor-tests") throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
            .standardizedFileURL
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        self.url = url
        self.path = url.path
    }

    deinit {
        try? remove()
    }

    /// Runs `body` with a new folder and removes the folder when `body` returns or throws.
    @discardableResult
    public static func with<T>(prefix: String = "harbor-tests", _ body: (TemporaryFolder) throws -> T) throws -> T {
        let folder = try TemporaryFolder(prefix: prefix)
        defer { try? folder.remove() }
        return try body(folder)
    }

    /// Runs async `body` with a new folder and removes the folder when `body` returns or throws.
    @discardableResult
    nonisolated(nonsending) public static func with<T>(
        prefix: String = "harbor-tests",
        _ body: (TemporaryFolder) async throws -> T
    ) async throws -> T {
        let folder = try TemporaryFolder(prefix: prefix)
        defer { try? folder.remove() }
        return try await body(folder)
    }

    /// The absolute path of `relativePath` (a file or a folder) inside the folder; creates nothing.
    public func file(_ relativePath: String) -> String {
        path + "/" + relativePath
    }

    /// The location of `relativePath` (a file or a folder) inside the folder; creates nothing.
    public func fileURL(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Deletes the folder and everything in it; does nothing when it is gone already.
    /// - Throws: the file system's error when something in it cannot be deleted.
    public func remove() throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        Self.makeRemovable(folder: path)
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch  where !FileManager.default.fileExists(atPath: path) {
            // Removed by another call at the same time: the outcome asked for.
        }
    }

    /// Gives the owner full access to `folder` and every folder below it, top down: a folder a test
    /// made unreadable cannot be listed, and one it made read-only cannot be emptied.
    private static func makeRemovable(folder: String) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            let item = folder + "/" + name
            // `attributesOfItem` does not follow symbolic links, so a link to a folder elsewhere
            // is left alone.
            let type = (try? FileManager.default.attributesOfItem(atPath: item))?[.type] as? FileAttributeType
            if type == .typeDirectory { makeRemovable(folder: item) }
        }
    }
}
