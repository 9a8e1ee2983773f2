public import Harbor

/// A query: every machine that tracks something in this history, with how much, sorted by name
/// (files tracked before machines were named last).
///
/// `status` on a machine that tracks nothing yet says with it which machines do, rather than
/// "nothing is tracked": on a shared PostgreSQL database each machine sees its own files only.
public struct ShowMachines: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [MachineShare] {
        let persistence = context.persistence
        var folders: [String?: Int] = [:]
        for root in try await persistence.repository(TrackedRoot.self).all() { folders[root.machine, default: 0] += 1 }
        var files: [String?: Int] = [:]
        let repository = persistence.repository(TrackedFile.self)
        let pageQuery = Query<TrackedFile>().sorted(by: \.path).limit(2_000).selecting(\.machine)
        var token: PageToken?
        repeat {
            let page = try await repository.indexEntryPage(pageQuery, after: token)
            token = page.next
            for entry in page.entries {
                var machine: String?
                if case .string(let name) = entry[field: TrackedFile.machineField] { machine = name }
                files[machine, default: 0] += 1
            }
        } while token != nil
        let machines = Set(folders.keys).union(files.keys)
        return machines.map { MachineShare(machine: $0, folders: folders[$0] ?? 0, files: files[$0] ?? 0) }
            .sorted { ($0.machine ?? "\u{10FFFF}") < ($1.machine ?? "\u{10FFFF}") }
    }
}
