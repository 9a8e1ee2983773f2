/// Words written on one day (or in one week): net (deletions subtract) and added (gross), with
/// the writer's adjustments of it (see ``DayAdjustment``) included in its total and kept apart.
public struct HistoryEntry: Sendable, Equatable, Codable {
    /// The day, or the Monday a week starts on.
    public let date: Day
    /// The total: net words (for each file, its last count minus its count before) plus
    /// ``adjusted``.
    public let words: Int
    /// Gross words: the sum of the increases between successive counts; never negative.
    /// Adjustments are not in it.
    public let added: Int
    /// The adjustments of the day (of the week's or month's days), in the order they were made.
    public let adjustments: [DayAdjustment]
    /// With ``HistoryGrouping/machine``: net words per machine name, summing to ``words`` (an
    /// adjustment counts for the machine it was made on); writing recorded before machines were
    /// named is under ``unnamedMachine``. Nil otherwise.
    public let machines: [String: Int]?

    /// The name under which writing recorded before machines were named is shown.
    public static let unnamedMachine = "unnamed"

    /// Creates an entry; `words` is the total, adjustments included.
    public init(
        date: Day, words: Int, added: Int, adjustments: [DayAdjustment] = [], machines: [String: Int]? = nil
    ) {
        self.date = date
        self.words = words
        self.added = added
        self.adjustments = adjustments
        self.machines = machines
    }

    /// The words the adjustments add (negative when they take away more than they add).
    public var adjusted: Int { adjustments.reduce(0) { $0 + $1.words } }

    /// The words counted in files: ``words`` without the adjustments.
    public var counted: Int { words - adjusted }

    private enum CodingKeys: String, CodingKey {
        case date, words, added, adjusted, adjustments, machines
    }

    /// Reads an entry; one without adjustments has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(Day.self, forKey: .date)
        words = try container.decode(Int.self, forKey: .words)
        added = try container.decode(Int.self, forKey: .added)
        adjustments = try container.decodeIfPresent([DayAdjustment].self, forKey: .adjustments) ?? []
        machines = try container.decodeIfPresent([String: Int].self, forKey: .machines)
    }

    /// `{"date","words","added"}`, with `"adjusted"` and `"adjustments"` on a day that has some and
    /// `"machines"` per machine: a day never adjusted reads as it always has.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(words, forKey: .words)
        try container.encode(added, forKey: .added)
        if !adjustments.isEmpty {
            try container.encode(adjusted, forKey: .adjusted)
            try container.encode(adjustments, forKey: .adjustments)
        }
        try container.encodeIfPresent(machines, forKey: .machines)
    }
}
