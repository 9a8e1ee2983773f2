import Foundation
import Harbor
import Synchronization

/// A progress bar on standard error for runs that last longer than about a second.
///
/// It draws on standard error, only when standard error is a terminal: a person is watching
/// there even when standard output goes to a pipe or a file (`wordcounter track ~/novel | tee
/// log`), and standard error redirected (a test, cron) gets none of it. It draws only once a
/// run has gone on for `delay` (`$WORDCOUNTER_PROGRESS_DELAY` seconds when set, 1 otherwise),
/// so quick commands stay quiet.
final class ProgressBar: Sendable {
    private struct State {
        var started: ContinuousClock.Instant?
        var drawn = false
    }

    private let state = Mutex(State())
    private let delay: Duration
    private let enabled: Bool

    init(delay: Duration = ProgressBar.defaultDelay, enabled: Bool = Terminal.errorsAreInteractive) {
        self.delay = delay
        self.enabled = enabled
    }

    /// One second, or `$WORDCOUNTER_PROGRESS_DELAY` seconds (tests set 0 to see the bar at once).
    static var defaultDelay: Duration {
        guard let text = ProcessInfo.processInfo.environment["WORDCOUNTER_PROGRESS_DELAY"], let seconds = Double(text),
            seconds.isFinite, seconds >= 0
        else { return .seconds(1) }
        return .milliseconds(Int64(seconds * 1000))
    }

    /// Draws the progress events of `runner` until the returned subscription is released.
    func attach<Services>(to runner: UseCaseRunner<Services>) -> Subscription? {
        guard enabled else { return nil }
        return runner.observe { [self] event in
            switch event {
            case .started:
                state.withLock { if $0.started == nil { $0.started = .now } }
            case .progress(_, let progress):
                draw(progress)
            case .finished, .failed, .cancelled:
                break
            }
        }
    }

    /// Clears the bar, if one was drawn, so the next output starts on a clean line.
    func finish() {
        let drawn = state.withLock { state in
            defer { state.drawn = false }
            return state.drawn
        }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }

    private func draw(_ progress: RunProgress) {
        let shouldDraw = state.withLock { state -> Bool in
            guard let started = state.started, ContinuousClock.now - started >= delay else { return false }
            state.drawn = true
            return true
        }
        guard shouldDraw else { return }
        let width = 30
        let fraction = progress.fraction ?? 0
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled)
        let counts =
            progress.total.map { " \(progress.completed.grouped)/\($0.grouped)" } ?? " \(progress.completed.grouped)"
        let line = "\r[\(bar)] \(Int(fraction * 100))%\(counts) \((progress.message ?? "").escapedForTerminal)"
        FileHandle.standardError.write(Data(line.utf8))
    }
}
