import Foundation

/// The package's built executables: `swift build` puts every product beside the test bundle.
enum BuiltProduct {
    /// The executable `name`, found in the test bundle's folder or the nearest one above it.
    static func url(_ name: String) -> URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the tests run from `.build/debug/<Package>PackageTests.xctest`; elsewhere from inside a bundle.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent(name)
    }

    /// A new, empty folder for one test's files, with a name that says what made it.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("coffeeshop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
