import Logging
import ServiceLifecycle
import WordCounter
import WordCounterAdapters

/// The samples of `Watcher`'s and `WatchService`'s doc comments and of docs/watching.md, compiled
/// (they run until stopped; WordCounterTests and WordCounterAdaptersTests run both).
enum WatcherSample {
    static func watch(app: WordCounterApp, monitor: any FileMonitor, logger: Logger) async throws {
        let watcher = Watcher(app: app, monitor: monitor, clock: ContinuousClock()) { activity in
            logger.info("\(activity)")
        }
        try await watcher.run()  // until watcher.stop() or cancellation
    }

    static func serve(app: WordCounterApp, logger: Logger) async throws {
        let watch = WatchService(app: app, pollInterval: nil, logger: logger)  // nil: inotify
        let group = ServiceGroup(
            configuration: .init(services: [watch], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
        try await group.run()
    }
}
