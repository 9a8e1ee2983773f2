import WordCounter

/// Per-folder totals on the dashboard, as `wordcounter status --by folder` prints them: each
/// tracked folder and every folder in it that holds tracked files, with their files' words and
/// today's change; a subfolder is indented under its folder and named by its last component.
///
/// Shown when there is more than one line: one tracked folder without subfolders says no more
/// than the files card beside it.
struct FolderTable {
    /// The lines, a folder right before its subfolders.
    let totals: [FolderTotal]

    /// The card, or nothing.
    var html: HTML {
        guard totals.count > 1 else { return "" }
        let rows = totals.map { total -> HTML in
            let name =
                total.depth == 0 ? total.path : (total.path.split(separator: "/").last.map { $0 + "/" } ?? total.path)
            let change = total.today > 0 ? " up" : total.today < 0 ? " down" : ""
            let row: HTML =
                "<tr class=\"depth-\(min(total.depth, 6))\"><th scope=\"row\" class=\"path\">\(name)</th>"
                + "<td class=\"num\">\(WordNumber.text(total.files))</td>"
                + "<td class=\"num\">\(WordNumber.text(total.words))</td>"
                + "<td class=\"num change\(change)\">\(total.today == 0 ? "·" : WordNumber.signed(total.today))</td></tr>"
            return row
        }
        return """
            <section class="card wide folders" aria-labelledby="folders-heading">
            <h2 id="folders-heading">Folders</h2>
            <div class="table-scroll"><table>
            <thead><tr><th scope="col">Folder</th><th scope="col" class="num">Files</th>\
            <th scope="col" class="num">Words</th><th scope="col" class="num">Today</th></tr></thead>
            <tbody>
            \(rows, separator: "\n")
            </tbody>
            </table></div>
            </section>
            """
    }
}
