import ArgumentParser
import Foundation
import WordCounter

/// `wordcounter export`: the full history as CSV or JSON.
struct Export: ScopedCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the full history, one row per file and day, as CSV or JSON on standard output.",
        discussion: """
            Columns: date, path, words (net), added (gross), total (the file's count at the end of \
            the day), kind (count, or adjustment) and note. A day's adjustments (see `history \
            adjust`) follow its files, one row each: kind adjustment, its words, its note, no path \
            and no total (in JSON, no "path" and no "total").

              wordcounter export > history.csv
              wordcounter export --format json
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "csv or json.")
    var format: Format = .csv

    func run(in scope: ServiceScope) async throws {
        let app = try await options.app(readingOnly: true, in: scope)
        let rows = try await app.run(ExportHistory())
        switch format {
        case .json:
            try Terminal.printJSON(rows)
        case .csv:
            print("date,path,words,added,total,kind,note")
            for row in rows {
                let path = row.path.map(Self.csvField) ?? ""
                let total = row.total.map(String.init) ?? ""
                let note = row.note.map(Self.csvField) ?? ""
                print("\(row.date),\(path),\(row.words),\(row.added),\(total),\(row.kind.rawValue),\(note)")
            }
        }
    }

    /// Quotes a field that holds a comma, quote or line break, doubling its quotes (RFC 4180).
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
