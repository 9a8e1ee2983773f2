import Foundation

/// The bearer tokens `coffeeshop` sends to `harbor-store-server`s: each server's own, from the
/// tokens file `COFFEESHOP_TOKENS` names, else the one `HARBOR_STORE_TOKEN` gives every server.
///
/// The file holds one line `BASE-URL TOKEN` per server (blank lines and lines starting with `#`
/// are skipped); a server matches its line whatever the case of the scheme and host, with or
/// without its default port or a trailing slash. Like `~/.pgpass`, it must be readable by its
/// owner only (`chmod 600`). So a mirror or a fallback between two servers started with
/// different tokens works, and no token is ever written on a command line, where `ps` shows it,
/// nor in a message.
struct StoreTokens: Sendable {
    /// A token, and where it came from, for a message that must not show the token itself.
    struct Token: Sendable {
        let value: String
        /// "HARBOR_STORE_TOKEN", or "its line in FILE".
        let source: String
    }

    private let byServer: [String: Token]
    private let shared: Token?

    /// Reads `HARBOR_STORE_TOKEN` and the file `COFFEESHOP_TOKENS` names, if any.
    /// - Throws: ``StoreTokensError`` for a file that is missing, readable by others, or has a bad line.
    init(environment: [String: String]) throws(StoreTokensError) {
        shared = environment["HARBOR_STORE_TOKEN"].flatMap {
            $0.isEmpty ? nil : Token(value: $0, source: "HARBOR_STORE_TOKEN")
        }
        guard let path = environment["COFFEESHOP_TOKENS"], !path.isEmpty else {
            byServer = [:]
            return
        }
        byServer = try Self.read(path)
    }

    /// The token to send to the server at `url`: its line in the tokens file, else `HARBOR_STORE_TOKEN`.
    func token(for url: URL) -> Token? {
        byServer[StoreLocation.serverKey(url)] ?? shared
    }

    private static func read(_ path: String) throws(StoreTokensError) -> [String: Token] {
        let attributes: [FileAttributeKey: Any]
        let text: String
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .unreadable(path, reason: (error as NSError).localizedDescription)
        }
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        if permissions & 0o077 != 0 { throw .exposed(path, permissions: permissions) }
        var tokens: [String: Token] = [:]
        var lines: [String: Int] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count == 2 else { throw .badLine(path, number: number, problem: "write `BASE-URL TOKEN`") }
            guard let url = URL(string: String(fields[0])), ["http", "https"].contains(url.scheme?.lowercased()),
                url.host.map({ !$0.isEmpty }) == true
            else {
                throw .badLine(path, number: number, problem: "it does not start with an http:// or https:// URL")
            }
            let key = StoreLocation.serverKey(url)
            if let first = lines[key] { throw .sameServer(path, url: url.absoluteString, lines: (first, number)) }
            lines[key] = number
            tokens[key] = Token(value: String(fields[1]), source: "its line in \(path)")
        }
        return tokens
    }
}
