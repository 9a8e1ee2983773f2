import Foundation

/// A ```swift block in a doc comment or a Markdown page, where it is and what it says.
struct DocumentationSample: CustomStringConvertible {
    /// The file, relative to the repository.
    let file: String
    /// The line of its opening fence, from 1.
    let line: Int
    /// Its lines, without the doc comment's `///` or the page's indentation.
    let lines: [String]

    var description: String { "\(file):\(line)" }

    /// The lines that matter for matching: trimmed, blank ones dropped.
    var normalized: [String] { Self.normalize(lines) }

    static func normalize(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Every ```swift block of `text`; `docComments` reads only `///` lines (a Swift source file).
    static func samples(in text: String, file: String, docComments: Bool) -> [DocumentationSample] {
        var samples: [DocumentationSample] = []
        var current: (line: Int, lines: [String])?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if docComments {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("///") else {
                    current = nil
                    continue
                }
                line = String(trimmed.dropFirst(3))
                if line.hasPrefix(" ") { line.removeFirst() }
            }
            let fence = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if fence == "```" {
                    samples.append(DocumentationSample(file: file, line: open.line, lines: open.lines))
                    current = nil
                } else {
                    open.lines.append(line)
                    current = open
                }
            } else if fence == "```swift" {
                current = (index + 1, [])
            }
        }
        return samples
    }
}
