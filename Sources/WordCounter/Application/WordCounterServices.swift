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
    /// The calendar whose time zone decides where a day starts: the one given, else the system's,
    /// looked up when first asked for (a run that needs no day, such as an update that finds nothing
    /// changed, never loads the time zone).
    public var calendar: Calendar { givenCalendar ?? .current }
    private let givenCalendar: Calendar?
    /// The current time.
    public let now: @Sendable () -> Date
    /// New identifiers for tracked files; time-ordered (`TimeOrderedID`) by default, so
    /// that tracking many files appends to the store's indexes.
    public let makeID: @Sendable () -> String
    /// The settings in use: where a day starts, reading speed (see ``LoadSettings``).
    public let settings: CurrentSettings
    /// The name of the machine this process runs on, when several machines share one history:
    /// the writing it records carries it, and it works only on the files and folders it tracked
    /// (and on those tracked before machines were named). Nil: one machine, nothing is marked.
    public let machine: String?
    /// Opens the stores ``CopyHistory`` copies into; nil when the application copies nowhere.
    public let historyStores: (any HistoryStores)?

    /// Creates the services.
    public init(
        persistence: Persistence,
        fileSystem: any FileSystem,
        calendar: Calendar? = nil,
        now: @escaping @Sendable () -> Date = { Date() },
        makeID: @escaping @Sendable () -> String = { TimeOrderedID.make() },
        settings: CurrentSettings = CurrentSettings(),
        machine: String? = nil,
        historyStores: (any HistoryStores)? = nil
    ) {
        self.persistence = persistence
        self.fileSystem = fileSystem
        self.givenCalendar = calendar
        self.now = now
        self.makeID = makeID
        self.settings = settings
        self.machine = machine
        self.historyStores = historyStores
    }

    /// Today in the services' calendar, for a day that starts at ``Settings/dayStartHour``: with 4,
    /// at 01:30 it is still yesterday. Hours are read on the local clock, so a night that changes
    /// to or from summer time still starts its day at the hour set.
    public var today: Day { Self.day(of: now(), calendar: calendar, startHour: settings.value.dayStartHour) }

    /// The writing day `date` falls on when days start at `startHour`.
    public static func day(of date: Date, calendar: Calendar, startHour: Int) -> Day {
        let day = Day(date, calendar: calendar)
        guard startHour > 0, calendar.component(.hour, from: date) < startHour else { return day }
        return day.adding(days: -1, calendar: calendar)
    }
}
