import ArgumentParser

/// A command that composes Word Counter: its body gets the ``ServiceScope`` that the stores it
/// opens run in, and passes it to ``GlobalOptions/app(readingOnly:in:)``.
///
/// `run()` makes the scope, runs ``run(in:)`` in it, and returns once every service started in
/// it has stopped. SIGINT and SIGTERM interrupt the command (see ``ServiceScope``); a command that
/// stops gracefully on them itself (`serve`, `watch`) implements `run()` with a scope that is not
/// interruptible.
protocol ScopedCommand: AsyncParsableCommand, Sendable {
    /// The command's work, with the scope its stores run in.
    func run(in scope: ServiceScope) async throws
}

extension ScopedCommand {
    func run() async throws {
        try await ServiceScope.run { scope in try await run(in: scope) }
    }
}
