extension GlobalOptions {
    /// The options that may also come before the subcommand: `wordcounter --database x status`.
    static let leadingNames = ["--database", "--env", "--machine"]

    /// `arguments` with the global options given before the subcommand moved after it, where
    /// the subcommand's option group parses them; everything else keeps its order.
    ///
    /// Argument Parser reads a subcommand's options only after its name, while users expect
    /// global options anywhere (`git -C dir status`). The options go before a `--` terminator,
    /// so they are never taken for file names.
    static func placedAfterSubcommand(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var rest = arguments[...]
        while let first = rest.first {
            if leadingNames.contains(first), rest.count >= 2 {
                leading += rest.prefix(2)
                rest = rest.dropFirst(2)
            } else if leadingNames.contains(where: { first.hasPrefix($0 + "=") }) {
                leading.append(first)
                rest = rest.dropFirst()
            } else {
                break
            }
        }
        guard !leading.isEmpty else { return arguments }
        var placed = Array(rest)
        let end = placed.firstIndex(of: "--") ?? placed.endIndex
        placed.insert(contentsOf: leading, at: end)
        return placed
    }
}
