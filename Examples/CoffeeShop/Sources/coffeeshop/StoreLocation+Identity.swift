import Foundation
import HarborPostgres

// Telling whether two locations name the same store, however they are written: a mirror or a
// fallback onto itself would "verify clean" and "cut over" while nothing moved.
extension StoreLocation {
    /// What the store is, written one way only: the resolved path of a file or folder (symlinks
    /// followed, `./` and a trailing slash dropped); a server's scheme, host (ignoring case) and
    /// port (the default one written out) and path; PostgreSQL's host, port, database and schema
    /// (neither the user nor the password: they do not change which tables are used). Nil for a
    /// mirror or a fallback.
    var identity: String? {
        switch self {
        case .json(let folder): "file:" + Self.resolvedPath(folder)
        case .sqlite(let path): "file:" + Self.resolvedPath(path)
        case .http(let url): Self.serverKey(url)
        case .postgres(let url): Self.databaseKey(url)
        case .mirror, .fallback: nil
        }
    }

    /// Refuses two sides of a mirror or a fallback that are the same store.
    /// - Throws: ``StoreLocationError/sameStore(_:_:)``.
    static func requireDistinct(_ first: StoreLocation, _ second: StoreLocation) throws(StoreLocationError) {
        guard let one = first.identity, let other = second.identity, one == other else { return }
        throw .sameStore(first.description, second.description)
    }

    /// A server's base URL as the tokens file and the comparison of locations match it:
    /// `scheme://host:port/path`, scheme and host in lowercase, the default port written out, no
    /// trailing slash.
    static func serverKey(_ url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let scheme = (components?.scheme ?? url.scheme ?? "http").lowercased()
        let host = (components?.host ?? url.host ?? "").lowercased()
        let port = components?.port ?? (scheme == "https" ? 443 : 80)
        var path = components?.path ?? url.path
        while path.hasSuffix("/") { path.removeLast() }
        return "\(scheme)://\(host):\(port)\(path)"
    }

    /// A PostgreSQL URL's host, port, database and schema; nil when it does not parse (opening it
    /// then says why).
    private static func databaseKey(_ url: String) -> String? {
        // No environment: no password is looked up, and the user does not matter here.
        guard let configuration = try? PostgresStore.Configuration(url: url, environment: [:]) else { return nil }
        return "postgres://\(configuration.host.lowercased()):\(configuration.port)/\(configuration.database)"
            + "?schema=\(configuration.schema)"
    }

    /// `path` made absolute (from the working folder) and resolved as the file system would:
    /// symbolic links followed (a link whose target does not exist yet too), `.`, `..`, repeated
    /// and trailing slashes dropped; the parts that do not exist yet are taken as written.
    static func resolvedPath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var links = 0
        return "/"
            + resolving(absolute.split(separator: "/").map(String.init), under: [], links: &links)
            .joined(separator: "/")
    }

    /// `parts` resolved one by one under the resolved folder `base`; `links` counts the symbolic
    /// links followed, so a loop of them ends (as the system's 40).
    private static func resolving(_ parts: [String], under base: [String], links: inout Int) -> [String] {
        var resolved = base
        for part in parts {
            switch part {
            case "", ".": continue
            case "..": _ = resolved.popLast()
            default:
                let candidate = "/" + (resolved + [part]).joined(separator: "/")
                guard links < 40, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)
                else {
                    resolved.append(part)
                    continue
                }
                links += 1
                let targetParts = target.split(separator: "/").map(String.init)
                resolved = resolving(targetParts, under: target.hasPrefix("/") ? [] : resolved, links: &links)
            }
        }
        return resolved
    }
}
