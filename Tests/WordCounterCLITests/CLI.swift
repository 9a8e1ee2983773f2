import Foundation

/// Runs the built `wordcounter` executable, as a user would, in a folder of its own.
struct CLI {
    struct Result {
        let status: Int32
        let output: String
        let errors: String

        /// The standard output decoded as JSON.
        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(output.utf8)) }
    }

    /// A fresh folder with a database path inside it.
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordcounter-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    var database: String { folder.appendingPathComponent("db/wordcounter.sqlite").path }

    /// The executable beside the test bundle, which `swift test` builds with every other product.
    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the tests run from `.build/debug/<Package>PackageTests.xctest`; elsewhere from inside a bundle.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("wordcounter").path),
            folder.path != "/"
        {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("wordcounter")
    }

    /// Writes `text` to `name` inside the folder, creating subfolders.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Runs `wordcounter arguments…` with the folder as working directory and its own database.
    func run(_ arguments: [String], input: String? = nil, useDatabase: Bool = true) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["WORDCOUNTER_DATABASE"] = useDatabase ? database : nil
        environment["WORDCOUNTER_ENV"] = nil
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg").path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    func run(_ arguments: String..., input: String? = nil) throws -> Result {
        try run(arguments, input: input)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
