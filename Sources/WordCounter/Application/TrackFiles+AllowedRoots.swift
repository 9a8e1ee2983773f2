import Harbor

extension TrackFiles {
    /// Tracks files already found in tracked folders whose real path is inside `roots`
    /// (`serve --root`); each other one is not tracked, and is published as
    /// ``FileOutsideRootsSkipped``. Nil roots: every file, as ``init(discovered:)``.
    public init(discovered: [DiscoveredFile], within roots: AllowedRoots?) {
        self.init(discovered: discovered)
        allowedRoots = roots
    }

    /// The files of `found` whose real path is inside `roots`, in the order given; all of them
    /// without roots. Each file left out is published (in this process only, nothing is stored)
    /// as ``FileOutsideRootsSkipped``.
    static func keeping(
        _ found: [DiscoveredFile], within roots: AllowedRoots?, in context: RunContext<WordCounterServices>
    ) -> [DiscoveredFile] {
        guard let roots, !found.isEmpty else { return found }
        let services = context.services
        let outside = roots.outside(found.map(\.path), in: services.fileSystem)
        guard !outside.isEmpty else { return found }
        for (path, realPath) in outside {
            services.persistence.events.publish(FileOutsideRootsSkipped(path: path, realPath: realPath))
        }
        let refused = Set(outside.map { ExactPath($0.path) })
        return found.filter { !refused.contains(ExactPath($0.path)) }
    }
}
