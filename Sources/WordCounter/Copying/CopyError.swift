/// Why ``CopyHistory`` did not copy, or could not vouch for its copy.
public enum CopyError: Error, Equatable, CustomStringConvertible {
    /// The target holds records already: the count per collection.
    case targetNotEmpty([CopyHistory.Copied])
    /// After the copy, a collection holds another number of records in the target.
    case countsDiffer(collection: String, source: Int, target: Int)
    /// The application was composed without ``HistoryStores``, so no target can be opened.
    case noHistoryStores(HistoryLocation)

    public var description: String {
        switch self {
        case .targetNotEmpty(let held):
            let counts = held.map { "\($0.count) \($0.collection)" }.joined(separator: ", ")
            return "the target already holds a history (\(counts)): copy to an empty database, "
                + "or give --force to replace what it holds"
        case .countsDiffer(let collection, let source, let target):
            return "the copy of \(collection) is incomplete (\(source) here, \(target) in the target; "
                + "another process may be writing to it): run the copy again with --force"
        case .noHistoryStores(let location):
            return "cannot open \(location): this application was composed without history stores to copy into"
        }
    }
}
