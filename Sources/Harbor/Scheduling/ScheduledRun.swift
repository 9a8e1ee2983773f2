import Foundation

/// A use case waiting to run at a time: a document of `harbor-schedule`, written in the commit
/// that scheduled it.
struct ScheduledRun: Aggregate {
    static let collection = "harbor-schedule"
    static let indexes: [IndexedField<ScheduledRun>] = [.field("due", \.dueAt)]
    let id: String
    /// The use case's type name, as the scheduler knows it.
    let useCaseName: String
    /// The use case as JSON.
    let useCase: Data
    /// When it is due; a claimed run is due again when its claim lapses.
    var dueAt: Date
    /// How many times a scheduler has claimed it.
    var attempts = 0
}
