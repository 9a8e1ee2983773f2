import Foundation

/// Times work in nanoseconds per operation: interleaved rounds, medians.
enum Measure {
    /// True when `HARBOR_BENCH_CLOCK=cpu`: ``nanoseconds(operations:_:)`` then counts the CPU time
    /// of the whole process (every thread, user and system) instead of the time that passed. On a
    /// machine that other work loads, CPU time changes far less from one run to the next; it
    /// leaves out what no thread spends on the CPU (waiting for a disk, for a lock).
    static let countsCPUTime = ProcessInfo.processInfo.environment["HARBOR_BENCH_CLOCK"] == "cpu"

    /// The CPU time the process has used so far, in nanoseconds.
    static func processCPUNanoseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }

    /// Nanoseconds per operation of `body`, which performs `operations` operations.
    static func nanoseconds(operations: Int, _ body: () async throws -> Void) async rethrows -> Double {
        if countsCPUTime {
            let start = processCPUNanoseconds()
            try await body()
            return (processCPUNanoseconds() - start) / Double(max(1, operations))
        }
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = clock.now - start
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return nanoseconds / Double(max(1, operations))
    }

    /// Nanoseconds per operation of synchronous `body`, for baselines on blocking APIs.
    static func nanosecondsBlocking(operations: Int, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let (seconds, attoseconds) = (clock.now - start).components
        return (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(max(1, operations))
    }

    /// Runs `rounds` interleaved rounds of baseline then candidate; returns both medians.
    static func compare(
        rounds: Int,
        baseline: () async throws -> Double,
        candidate: () async throws -> Double
    ) async rethrows -> (baseline: Double, candidate: Double) {
        var baselines: [Double] = []
        var candidates: [Double] = []
        for _ in 0..<rounds {
            baselines.append(try await baseline())
            candidates.append(try await candidate())
        }
        return (median(baselines), median(candidates))
    }

    /// Runs `rounds` pairs of baseline and candidate, alternating which goes first; returns both
    /// medians and the median of the rounds' own ratios (candidate ÷ baseline of the same pair).
    ///
    /// On a shared, loaded machine the load changes from second to second: a ratio of two
    /// medians can pair a quiet baseline round with a busy candidate one, while the two halves
    /// of one pair ran a fraction of a second apart, under about the same load.
    static func paired(
        rounds: Int,
        baseline: () async throws -> Double,
        candidate: () async throws -> Double
    ) async rethrows -> (baseline: Double, candidate: Double, ratio: Double) {
        var baselines: [Double] = []
        var candidates: [Double] = []
        for round in 0..<rounds {
            if round.isMultiple(of: 2) {
                baselines.append(try await baseline())
                candidates.append(try await candidate())
            } else {
                candidates.append(try await candidate())
                baselines.append(try await baseline())
            }
        }
        let ratios = zip(candidates, baselines).map { $0 / $1 }
        return (median(baselines), median(candidates), median(ratios))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count.isMultiple(of: 2)
            ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2]
    }

    /// Prints one figure as `name: value`.
    static func report(_ name: String, _ value: Double, digits: Int = 3) {
        print("\(name): \(String(format: "%.\(digits)f", value))")
    }
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
