/// A plain-text table with padded columns, the way `status` and `history` print.
///
/// The rows can be any collection of cells, a lazy one included: `status` maps 50,000 rows to
/// cells as it writes them, and never holds them all as strings.
struct TextTable<Rows: Collection<[String]>> {
    let header: [String]
    let rows: Rows
    /// Columns whose cells are right-aligned (numbers).
    var rightAligned: Set<Int> = []

    /// The table, every cell escaped for the terminal (a file name cannot break a line).
    var text: String {
        var text = ""
        write { text += $0 }
        return text
    }

    /// Writes the table to standard output a block of lines at a time, without a final newline
    /// missing: what `print(text)` prints, without the whole text in memory.
    func print() {
        write { Swift.print($0, terminator: "") }
        Swift.print()
    }

    /// Writes the table in blocks of about 64 KB, in two passes over the cells, widths first: every
    /// cell escaped for the terminal, escaping printable ASCII in one scan.
    func write(_ output: (String) -> Void) {
        var widths = [Int](repeating: 0, count: header.count)
        // A left-aligned last column is never padded: its cells (often the longest, paths) need
        // no measuring.
        let measured = rightAligned.contains(header.count - 1) ? header.count : header.count - 1
        func measure(_ row: [String]) {
            for (column, cell) in row.prefix(measured).enumerated() {
                widths[column] = max(widths[column], cell.escapedForTerminal.columnWidth)
            }
        }
        measure(header)
        for row in rows { measure(row) }
        let spaces = String(repeating: " ", count: widths.max() ?? 0)
        let blockSize = 1 << 16
        var block = ""
        block.reserveCapacity(blockSize + 1_024)
        func append(_ row: [String], first: Bool) {
            if !first { block += "\n" }
            for (column, cell) in row.enumerated() {
                if column > 0 { block += "  " }
                let escaped = cell.escapedForTerminal
                let isRight = rightAligned.contains(column)
                guard isRight || column < row.count - 1 else {
                    block += escaped  // the last cell, left-aligned: nothing follows to line up
                    continue
                }
                let padding = spaces.prefix(max(0, (column < widths.count ? widths[column] : 0) - escaped.columnWidth))
                if isRight {
                    block += padding
                    block += escaped
                } else {
                    block += escaped
                    block += padding
                }
            }
            // An empty last column leaves spaces at the end of its line.
            while block.utf8.last == UInt8(ascii: " ") { block.removeLast() }
            if block.utf8.count >= blockSize {
                output(block)
                block.removeAll(keepingCapacity: true)
            }
        }
        append(header, first: true)
        for row in rows { append(row, first: false) }
        output(block)
    }
}

extension String {
    /// How many columns the text takes: its characters, counted byte by byte when it is ASCII.
    fileprivate var columnWidth: Int {
        utf8.allSatisfy { $0 < 0x80 } ? utf8.count : count
    }
}
