import Harbor

// Sequences: counters taken outside every commit, distinct and strictly increasing, never
// conflicting with a unit of work and never given back.
extension StoreContract {
    /// Takes `count` values of `sequence` from each of `tasks` tasks at once; every value taken.
    static func takeConcurrently(
        _ store: any Store, _ sequence: String, tasks: Int, count: Int
    ) async throws -> [Int64] {
        try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    var values: [Int64] = []
                    for _ in 0..<count { values.append(try await store.nextValue(of: sequence)) }
                    return values
                }
            }
            var all: [Int64] = []
            for try await values in group {
                try expect(
                    values == values.sorted() && Set(values).count == values.count,
                    "one task's values \(values) do not grow")
                all += values
            }
            return all
        }
    }

    static func sequenceChecks() -> [Check] {
        [
            Check("a sequence starts at 1 and grows by one, and taking values writes no event") { store in
                for expected: Int64 in 1...5 {
                    try expectEqual(try await store.nextValue(of: "orders"), expected, "value \(expected)")
                }
                try expectEqual(try await store.nextValue(of: "orders", above: 0), 6, "a floor of 0")
                try expectEqual(try await eventLabels(in: store), [], "events after taking values")
            },
            Check("sequences are independent, and a name is a value: case, Unicode, '/' and '..' included") { store in
                let names = ["orders", "Orders", "invoices", "заказы", "a/b", "..", "orders "]
                for (index, name) in names.enumerated() {
                    for expected: Int64 in 1...Int64(index + 1) {
                        try expectEqual(try await store.nextValue(of: name), expected, "value \(expected) of '\(name)'")
                    }
                }
                for (index, name) in names.enumerated() {
                    try expectEqual(
                        try await store.nextValue(of: name), Int64(index + 2), "the next value of '\(name)'")
                }
            },
            Check("a floor raises a sequence; a floor below its last value changes nothing") { store in
                try expectEqual(try await store.nextValue(of: "tickets", above: 100), 101, "a new sequence above 100")
                try expectEqual(try await store.nextValue(of: "tickets"), 102, "the value after the floor")
                try expectEqual(
                    try await store.nextValue(of: "tickets", above: 50), 103, "a floor below the last value")
                try expectEqual(try await store.nextValue(of: "tickets", above: 103), 104, "a floor at the last value")
                try expectEqual(try await store.nextValue(of: "tickets", above: 1_000), 1_001, "a floor above it")
                try expectEqual(try await store.nextValue(of: "other"), 1, "another sequence")
            },
            Check("concurrent callers get distinct values, none missing") { store in
                let tasks = 8
                let count = 25
                let values = try await takeConcurrently(store, "contended", tasks: tasks, count: count)
                try expectEqual(values.sorted(), Array(1...Int64(tasks * count)), "the values taken")
                try expectEqual(
                    try await store.nextValue(of: "contended"), Int64(tasks * count + 1), "the value after the race")
            },
            Check("a value taken during a unit of work never makes its commit conflict, and a conflict gives none back")
            { store in
                let key = itemKey("order")
                try await commit(store, [insert(key, "new")])
                // Read at version 1, take a value, commit at version 1: no conflict.
                let number = try await store.nextValue(of: "order-numbers")
                try await commit(store, [update(key, from: 1, "number \(number)")])
                try expectEqual(try await store.document(at: key)?.version, 2, "the commit after taking a value")
                // Read at version 2, take a value, lose the race: the value stays taken.
                let lost = try await store.nextValue(of: "order-numbers")
                try await commit(store, [update(key, from: 2, "another writer")])
                try await expectError(.stale(key, expected: 2, actual: 3), "the commit that lost the race") {
                    try await commit(store, [update(key, from: 2, "number \(lost)")])
                }
                try expectEqual(
                    try await store.nextValue(of: "order-numbers"), lost + 1, "the value after the conflict")
                // Commits and values at once: every commit succeeds, every value is distinct.
                let values = try await withThrowingTaskGroup(of: Int64?.self) { group in
                    for index in 0..<racers {
                        group.addTask {
                            try await commit(
                                store, [insert(itemKey("racer-\(index)"), "racer")], events: [event("\(index)")])
                            return nil
                        }
                        group.addTask { try await store.nextValue(of: "racing") }
                    }
                    var values: [Int64] = []
                    for try await value in group { if let value { values.append(value) } }
                    return values
                }
                try expectEqual(values.sorted(), Array(1...Int64(racers)), "the values taken beside commits")
                try expectEqual(try await eventLabels(in: store).count, racers, "events of the commits beside them")
            },
            Check("an exhausted sequence is refused and stays as it was") { store in
                try expectEqual(
                    try await store.nextValue(of: "last", above: Int64.max - 1), Int64.max, "the highest value")
                for floor in [0, Int64.max - 1, Int64.max] {
                    try await expectInvalid("sequence", "a value after Int64.max (floor \(floor))") {
                        _ = try await store.nextValue(of: "last", above: floor)
                    }
                }
                try await expectInvalid("sequence", "a value above Int64.max of a new sequence") {
                    _ = try await store.nextValue(of: "fresh", above: Int64.max)
                }
                try expectEqual(try await store.nextValue(of: "fresh"), 1, "the new sequence after the refusal")
                try await expectInvalid("sequence", "the exhausted sequence again") {
                    _ = try await store.nextValue(of: "last")
                }
            },
            Check("sequence names and floors out of bounds are refused and take nothing") { store in
                let tooLong = String(repeating: "s", count: StoreLimits.maximumNameBytes + 1)
                for name in ["", tooLong, "a\u{0}b"] {
                    try await expectInvalid("sequence", "the sequence name \(name.prefix(8).debugDescription)") {
                        _ = try await store.nextValue(of: name)
                    }
                }
                for floor in [-1, Int64.min] {
                    try await expectInvalid("floor", "a floor of \(floor)") {
                        _ = try await store.nextValue(of: "refused", above: floor)
                    }
                }
                try expectEqual(try await store.nextValue(of: "refused"), 1, "the sequence after refused floors")
            },
        ]
    }

    static func sequenceDurabilityChecks() -> [DurabilityCheck] {
        [
            DurabilityCheck("reopening keeps each sequence's last value") { open in
                do {
                    let store = try await open()
                    for _ in 1...3 { _ = try await store.nextValue(of: "orders") }
                    _ = try await store.nextValue(of: "tickets", above: 500)
                }
                let store = try await open()
                try expectEqual(try await store.nextValue(of: "orders"), 4, "orders after reopening")
                try expectEqual(try await store.nextValue(of: "tickets"), 502, "tickets after reopening")
                try expectEqual(try await store.nextValue(of: "new"), 1, "a new sequence after reopening")
            }
        ]
    }
}
