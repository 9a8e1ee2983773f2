import Foundation
import Harbor
import WordCounter

/// Prints how far a writing session is after each change `watch` stores: `session: 230 of 500
/// words (46%)`, and once `session target reached: 512 of 500 words`.
///
/// Changes arrive on the event bus synchronously; the progress is a query, so it is asked for on
/// a task of its own, once for any number of changes that arrive while it runs.
final class SessionReporter: Sendable {
    private let app: WordCounterApp
    private let session: WritingSession
    private let changes: AsyncStream<Void>.Continuation
    private let subscriptions: [Subscription]
    private let printer: Task<Void, Never>

    /// Starts reporting the changes published on `app`'s bus.
    init(app: WordCounterApp, session: WritingSession) {
        self.app = app
        self.session = session
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        changes = continuation
        let events = app.services.persistence.events
        subscriptions = [
            events.subscribe(to: WordCountChanged.self) { _ in continuation.yield() },
            events.subscribe(to: FileTracked.self) { _ in continuation.yield() },
        ]
        printer = Task {
            var announced = false
            for await _ in stream {
                guard let progress = try? await app.run(ShowSessionProgress(session: session)) else { continue }
                if progress.isReached && !announced {
                    announced = true
                    Terminal.standardOutput("session target reached: " + Self.text(progress))
                } else if !progress.isReached {
                    Terminal.standardOutput("session: " + Self.text(progress))
                }
            }
        }
    }

    /// Stops reporting.
    func stop() {
        changes.finish()
        printer.cancel()
        withExtendedLifetime(subscriptions) {}
    }

    /// Stops reporting and prints the session's last line.
    func finish() async {
        changes.finish()
        await printer.value
        if let progress = try? await app.run(ShowSessionProgress(session: session)) {
            let minutes = Int(Date().timeIntervalSince(session.startedAt) / 60)
            Terminal.standardOutput("this session: " + Self.text(progress) + " in \(minutes) min")
        }
    }

    /// `230 of 500 words (46%)`, or `230 words` without a target.
    static func text(_ progress: SessionProgress) -> String {
        guard let target = progress.target, let fraction = progress.fraction else {
            return "\(progress.words.grouped) words"
        }
        return "\(progress.words.grouped) of \(target.grouped) words (\(Int((fraction * 100).rounded(.down)))%)"
    }
}
