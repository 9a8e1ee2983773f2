import Foundation
import Harbor
import WordCounter

/// Says once a day, in `watch`, that the daily goal is reached: `daily goal reached: 1,012 of
/// 1,000 words today`, the first time a change takes today's words to the goal, and never again
/// that day, even when a deletion takes them under it and more writing back over it. A goal
/// already reached when `watch` starts is not announced: the writer knows.
///
/// With `notify`, the same sentence also goes to the desktop through `notify-send` (from
/// libnotify), when it is on the `PATH`.
final class GoalReporter: Sendable {
    private let changes: AsyncStream<Void>.Continuation
    private let subscriptions: [Subscription]
    private let printer: Task<Void, Never>

    /// Starts listening to the changes published on `app`'s bus; `notifier` is `notify-send`'s
    /// path, when desktop notifications are asked for and possible.
    init(app: WordCounterApp, notifier: URL?) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        changes = continuation
        let events = app.services.persistence.events
        subscriptions = [
            events.subscribe(to: WordCountChanged.self) { _ in continuation.yield() },
            events.subscribe(to: FileTracked.self) { _ in continuation.yield() },
            events.subscribe(to: DailyGoalSet.self) { _ in continuation.yield() },
        ]
        // A day whose goal was reached before watch started is taken as said.
        let start = try? await app.run(ShowGoalProgress())
        let startDay = app.services.today
        let reachedAtStart = start.map(Self.isReached) ?? false
        printer = Task {
            var announced: Day? = reachedAtStart ? startDay : nil
            for await _ in stream {
                let day = app.services.today
                guard announced != day, let progress = try? await app.run(ShowGoalProgress()),
                    Self.isReached(progress), let goal = progress.goal
                else { continue }
                announced = day
                let text = "daily goal reached: \(progress.today.grouped) of \(goal.grouped) words today"
                Terminal.standardOutput(text)
                if let notifier { Self.notify(text, with: notifier) }
            }
        }
    }

    /// Stops listening once every change already published is looked at.
    func finish() async {
        changes.finish()
        await printer.value
        withExtendedLifetime(subscriptions) {}
    }

    /// Stops listening.
    func stop() {
        changes.finish()
        printer.cancel()
        withExtendedLifetime(subscriptions) {}
    }

    /// Whether `progress` has a goal and today's words reach it.
    static func isReached(_ progress: GoalProgress) -> Bool {
        guard let goal = progress.goal, goal > 0 else { return false }
        return progress.today >= goal
    }

    /// `notify-send` on the `PATH`, or nil.
    static var notifySend: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("notify-send")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Sends `text` as a desktop notification; a failure is told on standard error, once per try.
    private static func notify(_ text: String, with notifier: URL) {
        let process = Process()
        process.executableURL = notifier
        process.arguments = ["--app-name=Word Counter", "Word Counter", text.prefix(1).uppercased() + text.dropFirst()]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            Terminal.standardError("warning: could not run notify-send: \(error)")
        }
    }
}
