import ArgumentParser

/// What to say when the command line names a subcommand that does not exist: the closest one.
enum CommandSuggestion {
    /// A message for `arguments` (options already placed after the subcommand) when they name an
    /// unknown subcommand of `command` or of one of its subcommands; nil when they do not.
    static func message(for arguments: [String], command: any ParsableCommand.Type) -> String? {
        var command = command
        var path = [command._commandName]
        for argument in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !argument.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { $0._commandName == argument }) {
                command = next
                path.append(argument)
                continue
            }
            // (No default subcommand here takes positional arguments, so a word after `goal` is one.)
            if argument == "help" { return nil }
            let names = subcommands.map { $0._commandName }
            let invocation = path.joined(separator: " ")
            // "Error: " as Argument Parser begins its usage errors.
            var message = "Error: unknown command '\(argument.escapedForTerminal)' for '\(invocation)'."
            if let closest = closest(to: argument, among: names) { message += " Did you mean '\(closest)'?" }
            return message + "\nCommands: \(names.joined(separator: ", ")). See '\(invocation) --help'."
        }
        return nil
    }

    /// The name nearest to `word` (edit distance at most 2, or a name it begins), if any.
    static func closest(to word: String, among names: [String]) -> String? {
        let lowered = word.lowercased()
        if let prefixed = names.first(where: { $0.hasPrefix(lowered) && lowered.count >= 2 }) { return prefixed }
        let scored = names.map { ($0, distance(Array(lowered), Array($0))) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The Damerau–Levenshtein distance (adjacent transpositions count one): `stauts` → `status` is 1.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
