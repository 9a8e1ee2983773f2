import Logging
import ServiceLifecycle
import WordCounter

extension Serve {
    /// The services that keep counts current while `serve` runs, beside the web server.
    ///
    /// >>> THE WATCHER IS WIRED HERE. <<< `WatchService` (a swift-service-lifecycle `Service` in
    /// `WordCounterAdapters`) is being built on another branch; at merge, return it from here:
    /// `[WatchService(services: services, logger: logger)]`. `serve` runs whatever this returns in
    /// its `ServiceGroup` (and nothing when `--no-watch` is given); the dashboard's live updates
    /// already follow the events the watcher's use cases publish on `services.persistence.events`.
    func watchServices(services: WordCounterServices, logger: Logger) -> [any Service] {
        []
    }
}
