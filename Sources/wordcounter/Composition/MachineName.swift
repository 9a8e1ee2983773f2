import Foundation

/// The name this process gives its machine: what `history --by machine` shows beside the writing
/// done on it, and what tells one machine's tracked files from another's in a shared database.
enum MachineName {
    /// The flag, else `$WORDCOUNTER_MACHINE`, else the host name up to its first dot.
    static func resolve(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let name = environment["WORDCOUNTER_MACHINE"], !name.isEmpty { return name }
        return hostName()
    }

    /// Why `name` cannot name a machine, or nil when it can: 1 to 64 letters, digits, `.`, `-`, `_`.
    static func problem(with name: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        guard !name.isEmpty, name.count <= 64, name.allSatisfy(allowed.contains) else {
            return "a machine name is 1 to 64 letters, digits, '.', '-' or '_' (such as laptop or desk-2)"
        }
        return nil
    }

    /// The host name without its domain; `localhost` when the system has none that is usable.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let full = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let short = String(full.prefix { $0 != "." })
        return problem(with: short) == nil ? short : "localhost"
    }
}
