public import Harbor

/// A query: counts files without tracking them, like `wc -w`. Each file's mode is `mode`, or
/// chosen by its extension when nil. A file that cannot be counted gets its reason; the rest are counted.
public struct CountFiles: UseCase, Codable {
    /// The files, as given.
    public let paths: [String]
    /// The counting mode for every file, or nil to choose by extension.
    public let mode: CountingMode?
    /// What Markdown files leave out.
    public let exclusions: MarkdownExclusions

    /// Creates the query.
    public init(paths: [String], mode: CountingMode?, excluding exclusions: MarkdownExclusions = []) {
        self.paths = paths
        self.mode = mode
        self.exclusions = exclusions
    }

    public func execute(in context: RunContext<WordCounterServices>) async throws -> [CountedFile] {
        let fileSystem = context.fileSystem
        var counted: [CountedFile] = []
        for (index, path) in paths.enumerated() {
            try context.checkCancellation()
            let absolute = fileSystem.absolutePath(path)
            do {
                let count = try fileSystem.count(
                    absolute, mode: mode ?? CountingMode.forPath(absolute), excluding: exclusions)
                counted.append(CountedFile(path: path, words: count.words ?? 0, problem: nil))
            } catch {
                counted.append(CountedFile(path: path, words: nil, problem: error.description))
            }
            context.reportProgress(completed: index + 1, total: paths.count)
        }
        return counted
    }
}
