extension Store {
    /// Nil: a store that cannot see other processes' commits leaves its readers to poll.
    public func commitSignals() -> AsyncStream<Void>? { nil }
}
