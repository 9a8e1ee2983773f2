import Foundation

/// Where the database lives when the user does not say: the XDG data folder.
enum DatabaseLocation {
    /// The flag, else `$WORDCOUNTER_DATABASE`, else `$XDG_DATA_HOME/wordcounter/wordcounter.sqlite`,
    /// else `~/.local/share/wordcounter/wordcounter.sqlite`.
    static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let path = environment["WORDCOUNTER_DATABASE"], !path.isEmpty { return path }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/wordcounter/wordcounter.sqlite"
    }

    /// Whether the user named the database (the flag or `$WORDCOUNTER_DATABASE`) rather than
    /// leaving it at the default location: a named one that does not exist is likely mistyped.
    static func isNamed(flag: String?, environment: [String: String]) -> Bool {
        !(flag ?? "").isEmpty || !(environment["WORDCOUNTER_DATABASE"] ?? "").isEmpty
    }
}
