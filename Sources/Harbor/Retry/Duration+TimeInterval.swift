extension Duration {
    /// The duration in seconds, as a `Double` (a `TimeInterval`): for adding to a `Date` and for
    /// comparing durations whose product might overflow `Duration`.
    package var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
