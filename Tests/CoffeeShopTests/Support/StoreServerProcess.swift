import ChildOutput
import Foundation
import Synchronization

/// A `harbor-store-server` child process on loopback: the "old backend on someone else's
/// servers" of the walkthrough. It is started on the port asked for (0: one it picks) and its
/// address is read back from the line it prints.
final class StoreServerProcess: Sendable {
    /// The base URL it serves at.
    let url: String
    /// Its port, to start it again on the same address.
    let port: Int
    private let process: Process
    private let exited: AsyncStream<Void>

    /// Starts `harbor-store-server --store store --port port`, with `token` as its bearer token.
    init(store: String, port: Int = 0, token: String?) async throws {
        let process = Process()
        process.executableURL = BuiltProduct.url("harbor-store-server")
        process.arguments = ["--store", store, "--port", String(port)]
        var environment = ProcessInfo.processInfo.environment
        environment["HARBOR_STORE_TOKEN"] = token
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let (exited, exit) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in exit.finish() }
        let (lines, continuation) = AsyncStream<String>.makeStream()
        try process.run()
        _ = PipeReader(lines: output.fileHandleForReading) {
            continuation.yield($0)
        } ended: {
            continuation.finish()
        }
        let address = Task { () -> String? in
            for await line in lines {
                if let range = line.range(of: "http://") { return String(line[range.lowerBound...]) }
            }
            return nil
        }
        // The first line comes within a second; a loaded machine gets 30.
        let (printed, printedDone) = AsyncStream<Void>.makeStream()
        let watcher = Task {
            _ = await address.value
            printedDone.finish()
        }
        do {
            try await ProcessDeadline.wait(for: printed, deadline: .seconds(30), "harbor-store-server's start")
        } catch {
            process.terminate()
            watcher.cancel()
            throw error
        }
        guard let found = await address.value, let port = URLComponents(string: found)?.port else {
            throw ProcessDeadline(
                description: "harbor-store-server exited without serving (\(process.terminationStatus))")
        }
        self.url = found
        self.port = port
        self.process = process
        self.exited = exited
    }

    /// Stops it with SIGTERM, as `kill PID` in the walkthrough does, and waits until it has exited.
    func stop() async throws {
        if process.isRunning { process.terminate() }
        try await ProcessDeadline.wait(for: exited, deadline: .seconds(30), "harbor-store-server's stop")
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
