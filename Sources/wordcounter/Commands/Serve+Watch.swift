import Logging
import ServiceLifecycle
import WordCounter
import WordCounterAdapters

extension Serve {
    /// The services that keep counts current while `serve` runs, beside the web server: the
    /// watcher, whose use cases publish on `services.persistence.events`, which the dashboard's
    /// live updates follow. `serve` leaves them out when told not to watch. `poll`:
    /// seconds between looks for changes, instead of file events.
    ///
    /// Given `roots` (the folders of `--root`, the ones `POST /api/track` is held to), the watcher
    /// is held to them too: a new file in a tracked folder whose real path is outside every one
    /// (a symbolic link to `/etc/passwd`) is not tracked, and its log says so once. Without
    /// `--root` it tracks new files as `wordcounter watch` does.
    func watchServices(
        app: WordCounterApp, within roots: AllowedRoots?, poll: Double?, logger: Logger
    ) -> [any Service] {
        let interval = poll.map { Duration.milliseconds(Int64(($0 * 1000).rounded())) }
        return [
            WatchService(
                app: app, pollInterval: interval, configuration: WatchConfiguration(allowedRoots: roots),
                logger: logger)
        ]
    }
}
