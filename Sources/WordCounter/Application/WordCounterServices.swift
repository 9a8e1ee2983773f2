public import Foundation
public import Harbor

/// What Word Counter's use cases are given: storage, the file system port, the calendar, a clock.
///
/// Built by the composition root of the executable for one environment; tests build it on an
/// `InMemoryStore` and an `InMemoryFileSystem`.
public struct WordCounterServices: Sendable {
    /// Tracked files, roots, daily counts and the goal.
    public let persistence: Persistence
    /// How files are seen.
    public let fileSystem: any FileSystem
    /// The calendar whose time zone decides where a day starts.
    public let calendar: Calendar
    /// The current time.
    public let now: @Sendable () -> Date
    /// New identifiers for tracked files.
    public let makeID: @Sendable () -> String
    /// Runs the use cases.
    public let runner: UseCaseRunner

    /// Creates the services.
    public init(
        persistence: Persistence,
        fileSystem: any FileSystem,
        calendar: Calendar = .current,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() },
        runner: UseCaseRunner = UseCaseRunner()
    ) {
        self.persistence = persistence
        self.fileSystem = fileSystem
        self.calendar = calendar
        self.now = now
        self.makeID = makeID
        self.runner = runner
    }

    /// Today in the services' calendar.
    public var today: Day { Day(now(), calendar: calendar) }
}
