public import Logging
public import ServiceLifecycle
public import WordCounter

/// The watcher as a swift-service-lifecycle `Service`: add it to a `ServiceGroup` to keep every
/// tracked file's count current for as long as the group runs.
///
/// ```swift
/// let watch = WatchService(app: app, pollInterval: nil, logger: logger)  // nil: inotify
/// let group = ServiceGroup(
///     configuration: .init(services: [watch], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
///
/// Which monitor it uses, said once at the start in the log (`watching … with inotify`):
/// - `pollInterval` given: a ``PollingMonitor`` looking that often;
/// - a file system other than ``LocalFileSystem`` (the fake environment): polling, since only the
///   local disk has events;
/// - otherwise ``InotifyMonitor``; when inotify is unavailable or its watch limit is reached
///   (now or later), a warning, then polling every ``fallbackPollInterval``.
///
/// Given ``WatchConfiguration/allowedRoots`` (`serve --root`), a new file whose real path is outside
/// them is not tracked, and a warning says so once: `not tracking /novel/passwd.md: it leads to
/// /etc/passwd, outside the allowed folders (--root)`.
///
/// Graceful shutdown (SIGTERM, SIGINT, or the group's `triggerGracefulShutdown()`) finishes the
/// run in flight and the changes still waiting, commits them, and returns. Cancellation stops at
/// once. Watching several processes on one database is safe: every write is a transaction of
/// the store, which waits for the others' locks.
public struct WatchService: Service {
    /// How often to poll when inotify cannot be used and no interval was given.
    public static let fallbackPollInterval: Duration = .seconds(2)

    private let app: WordCounterApp
    private var services: WordCounterServices { app.services }
    private let pollInterval: Duration?
    private let configuration: WatchConfiguration
    private let logger: Logger

    /// Creates the service.
    /// - Parameters:
    ///   - app: the application: its services (the store, the file system) and its runner.
    ///   - pollInterval: poll this often instead of using inotify; nil for inotify.
    ///   - configuration: the debounce and rescan timings.
    ///   - logger: where what it does goes (info: what it watches, reconciliations; debug: recounts).
    public init(
        app: WordCounterApp, pollInterval: Duration? = nil, configuration: WatchConfiguration = .init(),
        logger: Logger
    ) {
        self.app = app
        self.pollInterval = pollInterval
        self.configuration = configuration
        self.logger = logger
    }

    /// Watches until graceful shutdown or cancellation.
    /// - Throws: storage errors reading the tracked files at the start.
    public func run() async throws {
        do {
            try await watch(with: makeMonitor())
        } catch let error as FileMonitorError {
            logger.warning("\(error); polling every \(Self.seconds(Self.fallbackPollInterval)) s instead")
            try await watch(with: PollingMonitor(fileSystem: services.fileSystem, interval: Self.fallbackPollInterval))
        }
    }

    /// The monitor the options and the file system call for.
    private func makeMonitor() -> any FileMonitor {
        if let pollInterval {
            logger.info("polling every \(Self.seconds(pollInterval)) s, as asked (--poll)")
            return PollingMonitor(fileSystem: services.fileSystem, interval: pollInterval)
        }
        guard services.fileSystem is LocalFileSystem else {
            logger.info("this file system has no change events; polling instead")
            return PollingMonitor(fileSystem: services.fileSystem, interval: Self.fallbackPollInterval)
        }
        do {
            return try InotifyMonitor()
        } catch {
            logger.warning("\(error); polling every \(Self.seconds(Self.fallbackPollInterval)) s instead")
            return PollingMonitor(fileSystem: services.fileSystem, interval: Self.fallbackPollInterval)
        }
    }

    private func watch(with monitor: any FileMonitor) async throws {
        let logger = logger
        let watcher = Watcher(app: app, monitor: monitor, configuration: configuration) { activity in
            Self.log(activity, to: logger)
        }
        try await withGracefulShutdownHandler {
            try await watcher.run()
        } onGracefulShutdown: {
            logger.info("stopping: finishing the work in flight")
            watcher.stop()
        }
    }

    private static func log(_ activity: WatchActivity, to logger: Logger) {
        switch activity {
        case .watching(let monitor, let files, let folders):
            logger.info(
                "watching \(files) \(files == 1 ? "file" : "files") in \(folders) \(folders == 1 ? "folder" : "folders") with \(monitor)"
            )
        case .noticed(let change):
            logger.trace("noticed \(change)")
        case .recounted(let paths):
            logger.debug("recounted \(paths.joined(separator: ", "))")
        case .tracked(let paths):
            logger.info("tracking new \(paths.count == 1 ? "file" : "files"): \(paths.joined(separator: ", "))")
        case .skippedOutsideRoots(let path, let realPath):
            logger.warning("\(Self.outsideRootsMessage(path: path, realPath: realPath))")
        case .reconciled(let reason):
            logger.log(level: reason == .startup ? .debug : .info, "updated every file (\(reason))")
        case .caughtUp(let changes):
            logger.trace("caught up with \(changes) \(changes == 1 ? "change" : "changes")")
        case .retrying(let message):
            logger.debug("retrying \(message)")
        case .failed(let message):
            logger.warning("\(message)")
        case .stopped:
            logger.info("stopped")
        }
    }

    /// The warning said once for a file not tracked for leading outside the allowed folders.
    static func outsideRootsMessage(path: String, realPath: String) -> String {
        PathBytes.same(path, realPath)
            ? "not tracking \(path): it is outside the allowed folders (--root)"
            : "not tracking \(path): it leads to \(realPath), outside the allowed folders (--root)"
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}

// MARK: - CustomStringConvertible

extension WatchService: CustomStringConvertible {
    /// "WatchService", as service-lifecycle's logs name it.
    public var description: String { "WatchService" }
}
