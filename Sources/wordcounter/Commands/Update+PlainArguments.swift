import ArgumentParser

extension Update {
    /// The options `update` is run with by editors' hooks, schedulers and hands: `--database`,
    /// `--env` and `--machine`, each at most once, with a value (`--database PATH` or
    /// `--database=PATH`).
    static let plainOptionNames: Set<String> = ["--database", "--env", "--machine"]

    /// `update` built from `arguments` (those after the subcommand) without Argument Parser, when
    /// they are only ``plainOptionNames`` with values that do not look like options, and pass
    /// ``GlobalOptions/validate()``; nil for anything else, which Argument Parser then parses,
    /// helps with or refuses.
    ///
    /// Argument Parser finds a command's options by reflecting on it and its option groups, and
    /// looks up conformances for each: about 3 ms at every start, a tenth of an unchanged `update`
    /// of 10,000 files. What this accepts, Argument Parser accepts with the same values.
    static func parsedPlainly(_ arguments: [String]) -> Update? {
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let name: String
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard let next = rest.popFirst() else { return nil }
                name = argument
                value = next
            }
            guard plainOptionNames.contains(name), values[name] == nil, !value.isEmpty, !value.hasPrefix("-") else {
                return nil
            }
            values[name] = value
        }
        var options = GlobalOptions()
        options.database = values["--database"]
        options.env = values["--env"]
        options.machine = values["--machine"]
        guard (try? options.validate()) != nil else { return nil }
        var update = Update()
        update.options = options
        return update
    }
}
