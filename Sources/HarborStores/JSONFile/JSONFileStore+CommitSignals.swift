import HarborStorage

extension JSONFileStore {
    /// Signals every commit with events to the folder, by any process: inotify on `outbox/`
    /// reports each event file a commit renames into place. A reader woken while the commit is
    /// still being applied waits for the store's lock, then sees it whole. Nil where inotify is
    /// unavailable; readers then poll. Commits without events are not signalled: an outbox
    /// reader has nothing new to read after them.
    public func commitSignals() -> AsyncStream<Void>? {
        #if canImport(Glibc)
            return FolderWatch.signals(folder: layout.outbox, names: nil)
        #else
            return nil
        #endif
    }
}
