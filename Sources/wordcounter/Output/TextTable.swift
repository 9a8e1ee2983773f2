/// A plain-text table with padded columns, the way `status` and `history` print.
struct TextTable {
    let header: [String]
    let rows: [[String]]
    /// Columns whose cells are right-aligned (numbers).
    var rightAligned: Set<Int> = []

    /// The table, every cell escaped for the terminal (a file name cannot break a line).
    ///
    /// Written into one string in two passes over the cells, widths first, with no copy of the
    /// rows: `status` prints 50,000 of them, and escaping printable ASCII costs one scan.
    var text: String {
        var widths = [Int](repeating: 0, count: header.count)
        for row in CollectionOfOne(header) + rows {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.escapedForTerminal.columnWidth)
            }
        }
        let spaces = String(repeating: " ", count: widths.max() ?? 0)
        var text = ""
        text.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 2 * widths.count + 1))
        for (index, row) in (CollectionOfOne(header) + rows).enumerated() {
            if index > 0 { text += "\n" }
            for (column, cell) in row.enumerated() {
                if column > 0 { text += "  " }
                let escaped = cell.escapedForTerminal
                let padding = spaces.prefix(max(0, (column < widths.count ? widths[column] : 0) - escaped.columnWidth))
                if rightAligned.contains(column) {
                    text += padding
                    text += escaped
                } else {
                    text += escaped
                    if column < row.count - 1 { text += padding }
                }
            }
            // An empty last column leaves spaces at the end of its line.
            while text.utf8.last == UInt8(ascii: " ") { text.removeLast() }
        }
        return text
    }
}

extension String {
    /// How many columns the text takes: its characters, counted byte by byte when it is ASCII.
    fileprivate var columnWidth: Int {
        utf8.allSatisfy { $0 < 0x80 } ? utf8.count : count
    }
}
