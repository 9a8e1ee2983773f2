import Logging
import ServiceLifecycle
import WordCounter
import WordCounterAdapters

extension Serve {
    /// The services that keep counts current while `serve` runs, beside the web server: the
    /// watcher, whose use cases publish on `services.persistence.events`, which the dashboard's
    /// live updates follow. `serve` leaves them out when given `--no-watch`.
    func watchServices(app: WordCounterApp, logger: Logger) -> [any Service] {
        let interval = poll.map { Duration.milliseconds(Int64(($0 * 1000).rounded())) }
        return [WatchService(app: app, pollInterval: interval, logger: logger)]
    }
}
