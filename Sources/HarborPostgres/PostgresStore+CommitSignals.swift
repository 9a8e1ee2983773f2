import Harbor

extension PostgresStore {
    /// Signals each commit to the store, by any process on any machine: every commit queues a
    /// NOTIFY on the store's channel, which the server delivers when the commit is final, and one
    /// LISTEN connection per store fans it out to every stream. After the connection is lost it
    /// reconnects and signals once, since commits may have been missed; readers also keep their
    /// slow polling as a fallback.
    public func commitSignals() -> AsyncStream<Void>? {
        listener.stream()
    }
}
