import Harbor

/// A counter that units of work read and increment, to race on one aggregate.
struct Tally: Aggregate, Equatable {
    static let collection = "tallies"
    let id: String
    var count: Int
}
