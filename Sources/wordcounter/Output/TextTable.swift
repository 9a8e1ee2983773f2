/// A plain-text table with padded columns, the way `status` and `history` print.
struct TextTable {
    let header: [String]
    let rows: [[String]]
    /// Columns whose cells are right-aligned (numbers).
    var rightAligned: Set<Int> = []

    /// The table, every cell escaped for the terminal (a file name cannot break a line).
    var text: String {
        let all = ([header] + rows).map { $0.map(\.escapedForTerminal) }
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
                if column == row.count - 1 && !rightAligned.contains(column) { return cell }
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        .joined(separator: "\n")
    }
}

extension String {
    /// The string without the spaces an empty last column leaves at its end.
    fileprivate func trimmingTrailingSpaces() -> String {
        var trimmed = Substring(self)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
