import Foundation

/// Runs the built `coffeeshop` as a user would: in a folder of its own, with the variables a
/// test gives it and none of the caller's `COFFEESHOP_…` ones.
struct CoffeeShopCLI: Sendable {
    /// What a run printed and how it ended.
    struct Run: Sendable, CustomStringConvertible {
        let status: Int32
        let output: String
        let errors: String

        /// The standard output's first line, trimmed: the identifier `create` prints.
        var firstLine: String { output.split(separator: "\n").first.map(String.init) ?? "" }

        var description: String { "exit \(status)\n--- output\n\(output)--- errors\n\(errors)" }
    }

    /// The working folder.
    let folder: URL
    /// Variables set for every run (the store, the mirror's state folder, a token).
    var environment: [String: String] = [:]

    /// Runs `coffeeshop arguments…` to its end, or fails after `deadline`.
    func run(_ arguments: [String], environment extra: [String: String] = [:], deadline: Duration = .seconds(60))
        async throws -> Run
    {
        let process = Process()
        process.executableURL = BuiltProduct.url("coffeeshop")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var variables = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("COFFEESHOP_") }
        variables["HARBOR_STORE_TOKEN"] = nil
        variables["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        variables.merge(environment) { _, new in new }
        variables.merge(extra) { _, new in new }
        process.environment = variables
        let (output, errors) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let (exited, exit) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exit.finish() }
        // Both pipes are read while the process runs, so a long output never fills one and stalls it.
        let outputText = Self.collect(output)
        let errorText = Self.collect(errors)
        try process.run()
        do {
            try await ProcessDeadline.wait(
                for: exited, deadline: deadline, "coffeeshop \(arguments.joined(separator: " "))")
        } catch {
            process.terminate()
            throw error
        }
        return Run(status: process.terminationStatus, output: await outputText.value, errors: await errorText.value)
    }

    /// Writes `text` to the file `name` in the working folder, readable by its owner only when
    /// `private` (a tokens file must be).
    func write(_ name: String, _ text: String, private: Bool = false) throws {
        let path = folder.appendingPathComponent(name).path
        try? FileManager.default.removeItem(atPath: path)
        let attributes: [FileAttributeKey: Any] = [.posixPermissions: `private` ? 0o600 : 0o644]
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8), attributes: attributes) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Reads `pipe` to its end on a thread of its own (a blocking read must not hold one of the
    /// cooperative pool's few threads).
    private static func collect(_ pipe: Pipe) -> Task<String, Never> {
        let handle = pipe.fileHandleForReading
        return Task {
            await withCheckedContinuation { continuation in
                Thread {
                    continuation.resume(returning: String(decoding: handle.readDataToEndOfFile(), as: UTF8.self))
                }.start()
            }
        }
    }
}
