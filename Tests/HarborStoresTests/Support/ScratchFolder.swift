import Foundation

/// A new, empty folder under the system's temporary folder, removed with everything in it when released.
final class ScratchFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "harbor-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder.
    func appending(_ path: String) -> URL { url.appending(path: path) }

    /// The names inside a subfolder, sorted; none when it does not exist.
    func names(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: appending(path).path)) ?? []).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
