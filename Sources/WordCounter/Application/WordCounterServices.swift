public import Foundation
public import Harbor

/// What Word Counter's use cases are given: storage, the file system port, the calendar, a clock.
///
/// Built once by the composition root of the executable for one environment, and handed to
/// every use case through its `RunContext`; tests build it on an `InMemoryStore` and an
/// `InMemoryFileSystem`:
///
/// ```swift
/// let services = WordCounterServices(persistence: Persistence(store: InMemoryStore()), fileSystem: disk)
/// let app = WordCounterApp(services: services)
/// try await app.run(TrackFiles(paths: ["/novel"]))
/// ```
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

    /// Creates the services.
    public init(
        persistence: Persistence,
        fileSystem: any FileSystem,
        calendar: Calendar = .current,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }
    ) {
        self.persistence = persistence
        self.fileSystem = fileSystem
        self.calendar = calendar
        self.now = now
        self.makeID = makeID
    }

    /// Today in the services' calendar.
    public var today: Day { Day(now(), calendar: calendar) }
}
