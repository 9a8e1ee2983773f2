import Foundation
import Synchronization

/// A progress spinner on standard error while the command waits for the API; nothing at all
/// when standard error is not a terminal (a pipe, a file, a test), so output stays clean.
final class Spinner: Sendable {
    private let label: String
    private let task = Mutex<Task<Void, Never>?>(nil)
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    init(label: String) {
        self.label = label
    }

    /// Starts turning, after a short grace period, so a quick answer shows no spinner.
    func start() {
        guard isatty(STDERR_FILENO) == 1 else { return }
        let label = label
        task.withLock { task in
            task = Task.detached {
                var frame = 0
                do {
                    try await Task.sleep(for: .milliseconds(100))
                    while true {
                        FileHandle.standardError.write(
                            Data("\r\(Self.frames[frame % Self.frames.count]) \(label)…".utf8))
                        frame += 1
                        try await Task.sleep(for: .milliseconds(80))
                    }
                } catch {
                    if frame > 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
                }
            }
        }
    }

    /// Stops turning and clears the line, before anything else is printed.
    func stop() async {
        let running = task.withLock { task in
            defer { task = nil }
            return task
        }
        running?.cancel()
        await running?.value
    }
}
