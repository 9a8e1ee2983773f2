import Harbor

extension StoreOpening {
    /// Opens a mirror: commits go to the primary (the truth) and are copied to the secondary off
    /// the command's path. What the secondary still lacks is kept on the primary, in the same
    /// commit as the order, so no local state is needed: any process naming the same two stores
    /// finds it. After `migrate cutover`, name them the other way round (`mirror:NEW,OLD`), then
    /// the new one alone.
    func openMirror(primary: StoreLocation, secondary: StoreLocation) throws -> OpenedStore {
        let first = try openPlain(primary)
        let second = try openPlain(secondary)
        // A command is short: a copy cut off by its exit is retried by the next one, so only
        // errors are worth a line; `status` tells what waits.
        var quiet = logger
        quiet.logLevel = .error
        let mirror = MirroredStore(
            primary: first.store, secondary: second.store, configuration: MirroredStore.Configuration(logger: quiet))
        return OpenedStore(
            store: mirror, description: "mirror of \(first.description) (primary) to \(second.description)",
            services: first.services + second.services, mirror: mirror)
    }

    /// Opens a fallback: the online store when it can be reached, else the local one, whose
    /// queue of changes made offline is sent when the online store answers again.
    func openFallback(online: StoreLocation, local: StoreLocation) throws -> OpenedStore {
        let remote = try openPlain(online)
        var localOpening = self
        // The local side is this machine's own copy: it is created when missing, even for a
        // command that only reads, so the first offline read finds an empty copy, not an error.
        localOpening.createsStore = true
        let nearby = try localOpening.openPlain(local)
        let fallback = FallbackStore(
            online: remote.store, local: nearby.store, configuration: FallbackStore.Configuration(logger: logger))
        return OpenedStore(
            store: fallback, description: "\(remote.description), else \(nearby.description) while it is away",
            services: remote.services + nearby.services, fallback: fallback)
    }
}
