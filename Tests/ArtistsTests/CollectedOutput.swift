import Synchronization

/// What a child process wrote so far, appended from the pipes' reading threads.
final class CollectedOutput: Sendable {
    private let texts = Mutex<(output: String, errors: String)>(("", ""))

    var output: String { texts.withLock { $0.output } }
    var errors: String { texts.withLock { $0.errors } }

    func append(output text: String) { texts.withLock { $0.output += text } }
    func append(errors text: String) { texts.withLock { $0.errors += text } }
}
