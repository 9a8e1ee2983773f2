import Foundation
import Harbor
import WordCounter
import WordCounterAdapters

/// The fake environment: everything in memory, with a sample novel to track at /fake/novel.
///
/// Nothing touches the disk; each run starts afresh. Try `wordcounter --env fake track /fake/novel`.
struct FakeServices: ServiceBuilder {
    func build() async throws -> WordCounterServices {
        let fileSystem = InMemoryFileSystem()
        try fileSystem.write(
            "/fake/novel/chapter-1.md", contents: "# Chapter One\n\nIt was a bright cold day in April.\n")
        try fileSystem.write("/fake/novel/chapter-2.md", contents: "# Chapter Two\n\nThe clocks were striking.\n")
        try fileSystem.write("/fake/novel/notes.txt", contents: "Remember: thirteen clocks.\n")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return WordCounterServices(
            persistence: Persistence(store: InMemoryStore()), fileSystem: fileSystem, calendar: calendar,
            historyStores: InMemoryHistoryStores())
    }
}
