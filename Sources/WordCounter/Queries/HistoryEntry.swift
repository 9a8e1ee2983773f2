/// Words written on one day (or in one week): net (deletions subtract) and added (gross).
public struct HistoryEntry: Sendable, Equatable, Codable {
    /// The day, or the Monday a week starts on.
    public let date: Day
    /// Net words: for each file, its last count minus its count before.
    public let words: Int
    /// Gross words: the sum of the increases between successive counts; never negative.
    public let added: Int
    /// With ``HistoryGrouping/machine``: net words per machine name, summing to ``words``;
    /// writing recorded before machines were named is under ``unnamedMachine``. Nil otherwise.
    public let machines: [String: Int]?

    /// The name under which writing recorded before machines were named is shown.
    public static let unnamedMachine = "unnamed"

    /// Creates an entry.
    public init(date: Day, words: Int, added: Int, machines: [String: Int]? = nil) {
        self.date = date
        self.words = words
        self.added = added
        self.machines = machines
    }
}
