import Foundation

/// Headless Chromium, when the machine has it (CI installs the Debian package `chromium`).
enum Chromium {
    /// The `chromium` executable on the `PATH`, or nil.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// The page at `url` as the browser's DOM after its scripts ran.
    static func dumpDOM(of url: String) throws -> String {
        guard let executable else { throw ServeProcess.Failure(description: "no chromium on the PATH") }
        let process = Process()
        process.executableURL = executable
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--user-data-dir=\(profile.path)", "--dump-dom", url,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServeProcess.Failure(description: "chromium exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A headless browser showing `url`, its scripts running, until ``Page/close()``.
    final class Page {
        private let process: Process
        private let profile: URL

        init(url: String, windowSize: String = "1200,900") throws {
            guard let executable else { throw ServeProcess.Failure(description: "no chromium on the PATH") }
            profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
            process = Process()
            process.executableURL = executable
            process.arguments = [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=\(profile.path)", "--window-size=\(windowSize)", url,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        deinit {
            close()
        }

        /// Ends the browser and removes its profile.
        func close() {
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: profile)
        }
    }

    /// A PNG of the page at `url` in a window of `width` × `height` pixels, written to `file`.
    static func screenshot(of url: String, width: Int, height: Int, to file: URL) throws {
        guard let executable else { throw ServeProcess.Failure(description: "no chromium on the PATH") }
        let process = Process()
        process.executableURL = executable
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
            "--user-data-dir=\(profile.path)", "--window-size=\(width),\(height)", "--screenshot=\(file.path)", url,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ServeProcess.Failure(description: "chromium exited with \(process.terminationStatus)")
        }
    }
}
