import Harbor
import Synchronization

/// Progress reports as an observer saw them.
final class ProgressLog: Sendable {
    private let reports = Mutex<[RunProgress]>([])

    func append(_ report: RunProgress) { reports.withLock { $0.append(report) } }
    var all: [RunProgress] { reports.withLock { $0 } }
}
