import ArgumentParser
import Foundation
import Harbor
import Logging
import ServiceLifecycle
import WordCounter
import WordCounterAdapters

/// `wordcounter watch`: keeps every tracked file's count current while the writer writes.
struct Watch: ScopedCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep every tracked file's count current as you save, until Ctrl-C.",
        discussion: """
            Runs in the foreground and recounts a tracked file moments after each save (within \
            a second), through the same steps as `update`: an editor's atomic save keeps the \
            file's history, a renamed or moved file is followed, a deleted one is reported \
            missing once, and a new file in a tracked folder is tracked (its words are today's \
            writing). It starts with a full \
            update to catch up with what changed while nothing watched.

            Changes come from Linux file events (inotify). On file systems without them \
            (network shares, some containers), or when the inotify watch limit is reached, it \
            polls instead: --poll SECONDS asks for that directly. The log on standard error \
            says which it uses; standard output gets one line per change stored, and once a day \
            `daily goal reached: 1,012 of 1,000 words today` when a change takes today's words to \
            the goal (--notify says it on the desktop too, through notify-send).

            Ctrl-C or SIGTERM stops it gracefully: the work in flight is finished and stored, \
            then it exits with status 0. Running `update`, `status` or a second watcher on the \
            same database at the same time is safe.

              wordcounter watch              # keep it open in a terminal
              wordcounter watch --poll 5     # a network share: look every 5 seconds
              wordcounter watch --verbose &  # in the background, log every recount
              wordcounter watch --session-target 500   # and say how far this sitting is
              wordcounter watch --notify     # a desktop notification when the goal is reached
            """)

    @OptionGroup var options: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "Look for changes every <seconds> instead of using file events (decimals allowed).",
            valueName: "seconds"))
    var poll: Double?

    @Flag(name: .shortAndLong, help: "Log every change noticed and every recount.")
    var verbose = false

    @Option(
        help: ArgumentHelp(
            "Words to write this session: after each change, print how far the session is (words written "
                + "since watch started, by any process).",
            valueName: "words"))
    var sessionTarget: Int?

    @Flag(help: "When the daily goal is reached, also say so on the desktop (with notify-send, from libnotify).")
    var notify = false

    func validate() throws {
        if let poll, !(poll.isFinite && poll >= 0.01 && poll <= 86_400) {
            throw ValidationError("--poll takes a number of seconds from 0.01 to 86400, such as 2 or 0.5.")
        }
        if let sessionTarget, sessionTarget <= 0 {
            throw ValidationError("--session-target takes a number of words of at least 1, not \(sessionTarget)")
        }
    }

    /// Not interrupted by its scope: its own service group stops gracefully on SIGTERM and SIGINT,
    /// then the scope stops its stores.
    func run() async throws {
        try await ServiceScope.run(interruptible: false) { scope in try await run(in: scope) }
    }

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(in: scope)
        let services = app.services
        var logger = Logger(label: "wordcounter") { EscapingLogHandler(StreamLogHandler.standardError(label: $0)) }
        logger.logLevel = verbose ? .debug : .info
        var groupLogger = logger
        groupLogger.logLevel = verbose ? .debug : .warning
        let subscriptions = Self.printChanges(of: services.persistence.events)
        defer { withExtendedLifetime(subscriptions) {} }
        var reporter: SessionReporter?
        if let sessionTarget {
            reporter = SessionReporter(app: app, session: try await app.run(StartWritingSession(target: sessionTarget)))
        }
        defer { reporter?.stop() }
        var notifier: URL?
        if notify {
            notifier = GoalReporter.notifySend
            if notifier == nil {
                logger.warning(
                    "--notify: notify-send is not installed (Debian: libnotify-bin); the goal is said here only")
            }
        }
        let goals = await GoalReporter(app: app, notifier: notifier)
        defer { goals.stop() }
        let watch = WatchService(
            app: app, pollInterval: poll.map { .milliseconds(Int64(($0 * 1000).rounded())) },
            logger: logger)
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [
                    .init(
                        service: watch, successTerminationBehavior: .gracefullyShutdownGroup,
                        failureTerminationBehavior: .gracefullyShutdownGroup)
                ],
                gracefulShutdownSignals: [.sigterm, .sigint], logger: groupLogger))
        try await group.run()
        await goals.finish()
        if let reporter { await reporter.finish() }
    }

    /// Prints one line per change stored, at once (standard output may be a pipe).
    static func printChanges(of events: EventBus) -> [Subscription] {
        [
            events.subscribe(to: WordCountChanged.self) { event in
                let difference = event.words - (event.previous ?? 0)
                let synced = event.broughtBySync == true ? ", brought by a sync: the writing of another machine" : ""
                Terminal.standardOutput(
                    "\(event.path.escapedForTerminal): \(event.words.grouped) words (\(difference.signedGrouped)\(synced))"
                )
            },
            events.subscribe(to: FileMoved.self) {
                Terminal.standardOutput("moved: \($0.from.escapedForTerminal) → \($0.to.escapedForTerminal)")
            },
            events.subscribe(to: FileWentMissing.self) {
                Terminal.standardOutput("missing: \($0.path.escapedForTerminal)")
            },
            events.subscribe(to: FileReappeared.self) {
                Terminal.standardOutput("back: \($0.path.escapedForTerminal)")
            },
            events.subscribe(to: FileBecameUnreadable.self) {
                Terminal.standardOutput(
                    "unreadable (\($0.problem.description.escapedForTerminal)): \($0.path.escapedForTerminal)")
            },
            events.subscribe(to: FileTracked.self) { event in
                Terminal.standardOutput(
                    "new: \(event.path.escapedForTerminal)" + (event.words.map { ": \($0.grouped) words" } ?? ""))
            },
        ]
    }
}
