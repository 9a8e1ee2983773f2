public import Foundation
public import Harbor

/// One change of a file's words, with when it was counted: what a session log is made of
/// (``ShowWritingSessions`` groups them into sittings).
///
/// Recorded with the day's ``DailyCount`` each time a count of a file differs from the one
/// before, on the machine that counted it.
public struct WritingChange: Aggregate, Equatable {
    public static let collection = "writing_changes"
    public static let indexes: [IndexedField<WritingChange>] = [.field("day", \.day)]

    /// The file, the time and a random suffix: two counts of one file at the same instant (a
    /// clock that did not move, two machines) are two changes, never a conflict.
    public let id: String
    /// The file.
    public let fileID: String
    /// When it was counted.
    public let time: Date
    /// The day it counts for.
    public let day: Day
    /// Words added (the increase), 0 when the count fell.
    public let added: Int
    /// Words removed (the decrease), 0 when the count rose.
    public let removed: Int
    /// The machine it was counted on; nil for a single machine.
    public let machine: String?

    /// Creates a change from `previous` to `words` words, with an identifier of its own.
    public init(fileID: String, time: Date, day: Day, previous: Int, words: Int, machine: String? = nil) {
        self.id = "\(fileID)@\(Int64((time.timeIntervalSince1970 * 1000).rounded()))@\(UUID().uuidString)"
        self.fileID = fileID
        self.time = time
        self.day = day
        self.added = max(0, words - previous)
        self.removed = max(0, previous - words)
        self.machine = machine
    }
}
