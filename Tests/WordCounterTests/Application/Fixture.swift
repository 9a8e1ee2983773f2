import Foundation
import Harbor
import HarborTesting
import Synchronization
import WordCounter
import WordCounterAdapters

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }

    func advance(days: Int = 0, hours: Int = 0, minutes: Int = 0) {
        current.withLock { $0 = $0.addingTimeInterval(Double(days * 86_400 + hours * 3_600 + minutes * 60)) }
    }
}

/// Word Counter on the fake environment: an in-memory store and disk, a UTC calendar, a manual clock.
struct Fixture {
    let disk = InMemoryFileSystem(workingDirectory: "/home/writer", homeDirectory: "/home/writer")
    let clock = ManualClock(Date(timeIntervalSince1970: 1_763_800_000))  // 2025-11-22 08:26 UTC
    let persistence: Persistence
    let app: WordCounterApp
    let recorder: EventRecorder

    var services: WordCounterServices { app.services }

    init(store: any Store = InMemoryStore(), historyStores: (any HistoryStores)? = nil) {
        persistence = Persistence(store: store)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let counter = Atomic<Int>(0)
        let clock = clock
        app = WordCounterApp(
            services: WordCounterServices(
                persistence: persistence, fileSystem: disk, calendar: calendar, now: { clock.now },
                makeID: { "file-\(counter.add(1, ordering: .relaxed).newValue)" }, historyStores: historyStores))
        recorder = EventRecorder(persistence.events)
    }

    /// `count` words: "w1 w2 …".
    static func words(_ count: Int, prefix: String = "w") -> String {
        (1...max(1, count)).map { "\(prefix)\($0)" }.prefix(count).joined(separator: " ")
    }

    func track(_ paths: String..., filter: FileFilter = FileFilter()) async throws {
        try await app.run(TrackFiles(paths: paths, filter: filter))
    }

    func update() async throws {
        try await app.run(UpdateWordCounts())
    }

    func status() async throws -> [FileStatusRow] {
        try await app.run(ShowStatus())
    }

    func row(_ path: String) async throws -> FileStatusRow? {
        try await status().first { $0.path == path }
    }

    func history(days: Int, by grouping: HistoryGrouping = .day) async throws -> [HistoryEntry] {
        try await app.run(ShowHistory(days: days, grouping: grouping))
    }

    var lastSummary: WordCountsUpdated? { recorder.events(of: WordCountsUpdated.self).last }
}
