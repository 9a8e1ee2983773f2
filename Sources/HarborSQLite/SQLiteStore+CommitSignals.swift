import Harbor
import HarborStorage

extension SQLiteStore {
    /// Signals every commit to the file, by any process, within milliseconds: inotify on the
    /// database's folder reports each write of its write-ahead log (see ``SQLiteStore``'s
    /// "Commits from other processes"). Nil where inotify is unavailable or
    /// ``Configuration/signalsCommits`` is off; readers then poll.
    public func commitSignals() -> AsyncStream<Void>? {
        guard configuration.signalsCommits else { return nil }
        #if canImport(Glibc)
            return FolderWatch.signals(forDatabaseAt: path)
        #else
            return nil
        #endif
    }
}
