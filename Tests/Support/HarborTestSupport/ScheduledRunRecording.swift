import Foundation
public import Harbor

/// What the SQLite and PostgreSQL probes run in several processes at once, to show that a
/// scheduled run runs once across processes: each run records that it ran, under a new
/// identifier, so a second run of one schedule would be seen.
public enum ScheduledRunRecording {
    /// That the run tagged `tag` ran, once per run.
    public struct Ran: Aggregate {
        public static let collection = "scheduled-runs-ran"
        public let id: String
        /// The tag of the scheduled run.
        public let tag: String
    }

    /// The scheduled use case: records a ``Ran``.
    public struct Record: UseCase, Codable {
        /// What the run is told apart by.
        public let tag: String

        /// A run tagged `tag`.
        public init(tag: String) {
            self.tag = tag
        }

        public func execute(in context: RunContext<Persistence>) async throws {
            try await context.services.perform { unitOfWork in
                try unitOfWork.repository(Ran.self).add(Ran(id: UUID().uuidString, tag: tag))
            }
        }
    }

    /// Runs what is due on `persistence` until a pass runs nothing, and returns how many ran here.
    public static func runDue(persistence: Persistence) async -> Int {
        let scheduler = Scheduler(runner: UseCaseRunner(services: persistence), persistence: persistence)
            .register(Record.self)
        var total = 0
        while true {
            let ran = await scheduler.runDue()
            if ran == 0 { return total }
            total += ran
        }
    }
}
