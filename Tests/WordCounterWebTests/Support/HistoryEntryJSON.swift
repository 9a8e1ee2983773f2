import Foundation
import WordCounter

/// History entries for tests, made the way they travel: decoded from JSON (their initializer is internal).
enum HistoryEntryJSON {
    static func entry(date: String, words: Int, added: Int? = nil) throws -> HistoryEntry {
        let json = #"{"date": "\#(date)", "words": \#(words), "added": \#(added ?? max(0, words))}"#
        return try JSONDecoder().decode(HistoryEntry.self, from: Data(json.utf8))
    }
}
