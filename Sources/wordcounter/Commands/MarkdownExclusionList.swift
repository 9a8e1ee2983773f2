import ArgumentParser
import WordCounter

/// A comma-separated list of Markdown exclusions on the command line: `comments,quotes`.
struct MarkdownExclusionList: ExpressibleByArgument {
    /// The exclusions named.
    let exclusions: MarkdownExclusions

    /// None.
    init() {
        exclusions = []
    }

    /// Parses `comments,deletions,footnotes,quotes` (any of them, any order; `all` for every one);
    /// nil, which Argument Parser reports with the valid names, for any other word.
    init?(argument: String) {
        var exclusions: MarkdownExclusions = []
        for name in argument.split(separator: ",").map({ $0.filter { !$0.isWhitespace } }) {
            if name == "all" {
                exclusions = .all
            } else if let exclusion = MarkdownExclusions(name: name) {
                exclusions.formUnion(exclusion)
            } else {
                return nil
            }
        }
        self.exclusions = exclusions
    }

    static var allValueStrings: [String] { MarkdownExclusions.named.map(\.name) + ["all"] }

    /// What help shows as the default: `none`, or the names excluded (`comments,quotes`), never
    /// the type's dump.
    var defaultValueDescription: String {
        exclusions.isEmpty ? "none" : exclusions.names.joined(separator: ",")
    }
}
