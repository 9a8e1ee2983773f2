public import Harbor

/// A query: each tracked folder of this machine and the folders in it, with their files' totals
/// (``FolderTotal/totals(of:in:)``); what the dashboard's Folders table shows. Every file's row
/// is read, and let go before the answer: the answer holds a line per folder only.
public struct ShowFolderTotals: UseCase, Codable {
    /// Creates the query.
    public init() {}

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [FolderTotal] {
        let folders = try await context.run(ListTrackedFolders(onThisMachine: true), on: context.lane)
        let files = try await context.run(ShowStatus(), on: context.lane)
        return FolderTotal.totals(of: files, in: folders)
    }
}
