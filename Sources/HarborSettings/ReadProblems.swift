import Configuration
import Synchronization

/// The reads whose value could not be used: a provider that failed to convert what it holds (an
/// environment variable `abc` read as a number) or a value of the wrong type. A `ConfigReader`
/// answers those with the default; this keeps them, so that ``SettingsSources`` can refuse them.
final class ReadProblems: AccessReporter {
    private let events = Mutex<[AccessEvent]>([])

    func report(_ event: AccessEvent) {
        let failed = event.providerResults.contains { if case .failure = $0.result { true } else { false } }
        guard failed || event.conversionError != nil else { return }
        events.withLock { $0.append(event) }
    }

    /// The problems seen so far, oldest first.
    var seen: [AccessEvent] { events.withLock { $0 } }
}
