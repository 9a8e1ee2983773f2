public import Harbor

/// Records the names `track` or `update` found to be another name of a tracked file
/// (``FileAliasSkipped``) and returns those not recorded before: what is worth saying.
///
/// A recorded name that no longer leads to a file (the link was deleted) is dropped when names
/// are noted next, so one made again later is said again. Writes nothing when the record stays as it is, as on every update
/// that finds the same names again.
public struct NoteReportedAliases: UseCase, Codable {
    /// The other names this run skipped.
    public let paths: [String]

    /// Creates the command.
    public init(paths: [String]) {
        self.paths = paths
    }

    /// Returns the names of `paths` not recorded before, in the order given.
    public func execute(in context: RunContext<WordCounterServices>) async throws -> [String] {
        let services = context.services
        let id = ReportedAliases.id(machine: services.machine)
        let known = try await context.persistence.repository(ReportedAliases.self).find(id)
        let recorded = (known?.paths ?? []).map(ExactPath.init)
        let given = Set(paths.map(ExactPath.init))
        let new = paths.filter { !recorded.contains(ExactPath($0)) }
        let kept = recorded.filter { given.contains($0) || (try? services.fileSystem.status(of: $0.path)) != nil }
        let record = Set(kept).union(given)
        guard record != Set(recorded) else { return new }
        try await context.persistence.perform { unitOfWork in
            let aliases = unitOfWork.repository(ReportedAliases.self)
            let stored = try await aliases.find(id)
            if record.isEmpty {
                if stored != nil { try aliases.remove(id: id) }
            } else {
                try aliases.save(ReportedAliases(machine: services.machine, paths: record.map(\.path)))
            }
        }
        return new
    }
}
