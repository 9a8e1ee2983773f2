import WordCounter

/// Each machine's share of the writing, as `wordcounter history --by machine` gives it: today's
/// words and the chart range's on each machine, and the days as a table, a column per machine.
///
/// Shown only when more than one machine wrote in the range: a writer on one machine has nothing
/// to compare. Writing recorded before machines were named is under
/// `HistoryEntry.unnamedMachine`. A share in percent is given only when no machine deleted more
/// than it wrote over the range (a negative share of a total has no meaning a writer can use).
struct MachineShares {
    /// The chart's days, oldest first, today last, each with `HistoryEntry.machines`.
    let entries: [HistoryEntry]

    /// The machines that wrote (or deleted) in the range, by name.
    var machines: [String] {
        let names = entries.flatMap { entry in (entry.machines ?? [:]).filter { $0.value != 0 }.keys }
        return Set(names).sorted()
    }

    /// A machine's net words over the range.
    func total(of machine: String) -> Int {
        entries.reduce(0) { $0 + ($1.machines?[machine] ?? 0) }
    }

    /// The card, or nothing when fewer than two machines wrote.
    var html: HTML {
        let machines = self.machines
        guard machines.count > 1, let today = entries.last else { return "" }
        let totals = machines.map(total(of:))
        let sum = totals.reduce(0, +)
        let showsPercent = sum > 0 && totals.allSatisfy { $0 >= 0 }
        let items = zip(machines, totals).map { machine, total -> HTML in
            let todayWords = today.machines?[machine] ?? 0
            var line: HTML =
                "<li><span class=\"machine-name\">\(machine)</span> "
                + "<span class=\"machine-today\">\(WordNumber.text(todayWords)) today</span>"
                + "<span class=\"caption\"> · \(WordNumber.text(total)) in \(entries.count) days"
            if showsPercent {
                let percent = total * 100 / sum
                line +=
                    " (\(percent)%)</span><div class=\"meter\" role=\"progressbar\" "
                    + "aria-label=\"\(machine): share of the last \(entries.count) days\" "
                    + "aria-valuemin=\"0\" aria-valuemax=\"100\" aria-valuenow=\"\(percent)\">"
                    + "<div class=\"meter-fill\" style=\"width: \(percent)%\"></div></div>"
            } else {
                line += "</span>"
            }
            return line + "</li>"
        }
        return """
            <section class="card wide machines" aria-labelledby="machines-heading">
            <h2 id="machines-heading">Each machine's share</h2>
            <ul class="machine-shares">\(items, separator: "\n")</ul>
            \(table(machines))
            </section>
            """
    }

    /// The days, newest first: the day's total and each machine's words.
    private func table(_ machines: [String]) -> HTML {
        let rows = entries.reversed().map { entry -> HTML in
            "<tr><th scope=\"row\">\(entry.date.rawValue)</th><td class=\"num\">\(WordNumber.text(entry.words))</td>"
                + machines.map { machine -> HTML in
                    "<td class=\"num\">\(WordNumber.text(entry.machines?[machine] ?? 0))</td>"
                }
                .joined()
                + "</tr>"
        }
        let headers = machines.map { machine -> HTML in "<th scope=\"col\" class=\"num\">\(machine)</th>" }.joined()
        return """
            <details class="machines-table"><summary>Each machine per day, as a table</summary>
            <div class="table-scroll"><table>
            <caption class="visually-hidden">Net words per day and machine, the last \(entries.count) days, \
            newest first</caption>
            <thead><tr><th scope="col">Day</th><th scope="col" class="num">All</th>\(headers)</tr></thead>
            <tbody>
            \(rows, separator: "\n")
            </tbody>
            </table></div>
            </details>
            """
    }
}
