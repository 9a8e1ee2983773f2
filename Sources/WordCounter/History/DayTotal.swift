public import Harbor

/// A day's words as every view counts them — `history`, `status`'s today, the goal, streaks and
/// the dashboard's summary: the net words counted in its files plus the writer's adjustments.
///
/// The one definition of a day's total, so no two views disagree on it. The parts stay apart:
/// ``counted`` and ``added`` come from files' counts, ``adjustments`` from the writer.
public struct DayTotal: Sendable, Equatable {
    /// The day.
    public let day: Day
    /// Net words counted in files: for each file, its last count minus its count before.
    public var counted: Int
    /// Gross words counted in files: the increases between successive counts; never negative.
    public var added: Int
    /// The writer's corrections of the day, oldest first.
    public var adjustments: [DayAdjustment]

    /// Creates a day's total.
    public init(day: Day, counted: Int = 0, added: Int = 0, adjustments: [DayAdjustment] = []) {
        self.day = day
        self.counted = counted
        self.added = added
        self.adjustments = adjustments
    }

    /// The sum of the adjustments' words.
    public var adjusted: Int { adjustments.reduce(0) { $0 + $1.words } }

    /// The day's total: counted words plus adjustments.
    public var words: Int { counted + adjusted }

    /// Whether the day has writing in it: words counted going up, or words added by an adjustment
    /// (written where no file counted them). Taking words away is not writing.
    public var hasWriting: Bool { added > 0 || adjusted > 0 }

    /// `counts` and `adjustments` summed per day; a day with neither has no entry.
    public static func byDay(
        counts: some Sequence<DailyCount>, adjustments: some Sequence<DayAdjustment>
    ) -> [Day: DayTotal] {
        var totals: [Day: DayTotal] = [:]
        for count in counts {
            totals[count.day, default: DayTotal(day: count.day)].counted += count.net
            totals[count.day, default: DayTotal(day: count.day)].added += count.added
        }
        for adjustment in adjustments.sorted(by: Self.madeFirst) {
            totals[adjustment.day, default: DayTotal(day: adjustment.day)].adjustments.append(adjustment)
        }
        return totals
    }

    /// The totals of the days in `days` (of every day when nil), read from `persistence`: one
    /// query per collection, on the indexed `day`.
    public static func read(_ days: ClosedRange<Day>?, from persistence: Persistence) async throws -> [Day: DayTotal] {
        let counts = persistence.repository(DailyCount.self)
        let adjustments = persistence.repository(DayAdjustment.self)
        guard let days else { return byDay(counts: try await counts.all(), adjustments: try await adjustments.all()) }
        return byDay(
            counts: try await counts.query(Query<DailyCount>().where(\.day, in: days)),
            adjustments: try await adjustments.query(Query<DayAdjustment>().where(\.day, in: days)))
    }

    /// The total of `day`, read from `persistence`.
    public static func read(_ day: Day, from persistence: Persistence) async throws -> DayTotal {
        try await read(day...day, from: persistence)[day] ?? DayTotal(day: day)
    }

    /// Adjustments in the order they were made (identifiers are time-ordered: ties keep that order).
    static func madeFirst(_ lhs: DayAdjustment, _ rhs: DayAdjustment) -> Bool {
        (lhs.madeAt, lhs.id) < (rhs.madeAt, rhs.id)
    }
}
