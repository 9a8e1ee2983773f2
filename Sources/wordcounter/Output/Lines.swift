import Synchronization

/// Lines collected from event handlers, printed after the command's work is done.
final class Lines: Sendable {
    private let storage = Mutex<[String]>([])

    func append(_ line: String) { storage.withLock { $0.append(line) } }

    var values: [String] { storage.withLock { $0 } }
}
