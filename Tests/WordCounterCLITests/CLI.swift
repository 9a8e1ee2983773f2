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

    /// - Parameter shared: makes the folder writable by everyone, for commands run as ``User/nobody``.
    init(shared: Bool = false) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordcounter-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if shared {
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder.path)
        }
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

    /// Who runs the executable.
    enum User {
        /// Whoever runs the tests.
        case current
        /// `nobody` (uid 65534), through `setpriv`: root reads every file, so a test that needs
        /// "permission denied" runs the command as someone else.
        case nobody
    }

    /// Runs `wordcounter arguments…` with the folder as working directory and its own database.
    ///
    /// - Parameters:
    ///   - errorsToTerminal: connects standard error to a pseudo-terminal (standard output stays
    ///     a pipe); what the command writes there comes back in `errors`.
    ///
    /// The child is started and waited for on a thread of its own: blocking a thread of Swift's
    /// cooperative pool (two on a two-core machine) would stall every other test meanwhile.
    func run(
        _ arguments: [String], input: String? = nil, useDatabase: Bool = true, as user: User = .current,
        errorsToTerminal: Bool = false, environment: [String: String] = [:]
    ) async throws -> Result {
        let cli = self
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result {
                        try cli.runBlocking(
                            arguments, input: input, useDatabase: useDatabase, as: user,
                            errorsToTerminal: errorsToTerminal, extraEnvironment: environment)
                    })
            }.start()
        }
    }

    /// Runs `script` with `/bin/sh -c`, `$WORDCOUNTER` naming the executable, as ``run(_:input:useDatabase:as:errorsToTerminal:)``
    /// does otherwise: for arguments a `String` cannot carry, such as a file name that is not UTF-8
    /// (`"$WORDCOUNTER" count "$(printf 'caf\\377.md')"`).
    func run(shell script: String) async throws -> Result {
        let cli = self
        return try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Swift.Result {
                        try cli.runBlocking(
                            [], input: nil, useDatabase: true, as: .current, errorsToTerminal: false, script: script)
                    })
            }.start()
        }
    }

    private func runBlocking(
        _ arguments: [String], input: String?, useDatabase: Bool, as user: User, errorsToTerminal: Bool,
        extraEnvironment: [String: String] = [:], script: String? = nil
    ) throws -> Result {
        let process = Process()
        switch user {
        case .current where script != nil:
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script ?? ""]
        case .current:
            process.executableURL = Self.executable
            process.arguments = arguments
        case .nobody:
            process.executableURL = URL(fileURLWithPath: Self.setpriv)
            process.arguments =
                ["--reuid=65534", "--regid=65534", "--clear-groups", Self.executable.path] + arguments
        }
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["WORDCOUNTER_DATABASE"] = useDatabase ? database : nil
        environment["WORDCOUNTER_ENV"] = nil
        environment["WORDCOUNTER"] = Self.executable.path
        environment["WORDCOUNTER_PROGRESS_DELAY"] = nil
        environment.merge(extraEnvironment) { _, new in new }
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("xdg").path
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let standardInput = Pipe()
        let terminal = errorsToTerminal ? try PseudoTerminal() : nil
        process.standardOutput = output
        process.standardError = terminal.map { FileHandle(fileDescriptor: $0.follower) } ?? errors
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
        try standardInput.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = terminal?.drain() ?? errors.fileHandleForReading.readDataToEndOfFile()
        return Result(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// Where `setpriv` is, for ``User/nobody``.
    static let setpriv = "/usr/bin/setpriv"

    /// Whether a file can be made unreadable to the command: always for a normal user, and for
    /// root when `setpriv` can run the command as `nobody`.
    static var canDenyReads: Bool {
        geteuid() != 0 || FileManager.default.isExecutableFile(atPath: setpriv)
    }

    /// The user the command runs as when a test needs a file it cannot read.
    static var unprivileged: User { geteuid() == 0 ? .nobody : .current }

    func run(_ arguments: String..., input: String? = nil) async throws -> Result {
        try await run(arguments, input: input)
    }

    /// Today in the local time zone, as `YYYY-MM-DD`, the way the command dates days.
    static var today: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .current
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
