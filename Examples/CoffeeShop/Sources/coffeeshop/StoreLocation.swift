import Foundation

/// Where the orders are kept, as `--store` (or `COFFEESHOP_STORE`) names it: one backend, or two
/// combined — mirrored while migrating from one to the other, or online with a local fallback.
indirect enum StoreLocation: Equatable, Sendable, CustomStringConvertible {
    /// JSON files in a folder.
    case json(folder: String)
    /// A SQLite database file.
    case sqlite(path: String)
    /// A PostgreSQL database, as a `postgres://` or `postgresql://` URL.
    case postgres(url: String)
    /// A `harbor-store-server`, by its base URL.
    case http(url: URL)
    /// Writes to both, the primary's answer the truth, while migrating from primary to secondary.
    case mirror(primary: StoreLocation, secondary: StoreLocation)
    /// The online store when it can be reached, else the local one, sent online when it is back.
    case fallback(online: StoreLocation, local: StoreLocation)

    /// Parses a location.
    /// - Throws: ``StoreLocationError``, whose message lists the forms.
    init(parsing text: String) throws(StoreLocationError) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let rest = text.dropping(prefix: "json:") {
            guard !rest.isEmpty else { throw .incomplete(text, expected: "json:FOLDER") }
            self = .json(folder: rest)
        } else if let rest = text.dropping(prefix: "sqlite:") {
            guard !rest.isEmpty else { throw .incomplete(text, expected: "sqlite:FILE") }
            self = .sqlite(path: rest)
        } else if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            guard let url = URLComponents(string: text), url.host.map({ !$0.isEmpty }) == true else {
                throw .incomplete(Self.redacting(text), expected: "postgres://USER@HOST:PORT/DATABASE")
            }
            self = .postgres(url: text)
        } else if text.hasPrefix(caseInsensitive: "http://") || text.hasPrefix(caseInsensitive: "https://") {
            // The scheme in lowercase, as the HTTP client expects it; `HTTP://` is the same URL.
            guard var components = URLComponents(string: text), components.host.map({ !$0.isEmpty }) == true else {
                throw .incomplete(text, expected: "http://HOST:PORT")
            }
            components.scheme = components.scheme?.lowercased()
            guard let url = components.url else { throw .incomplete(text, expected: "http://HOST:PORT") }
            self = .http(url: url)
        } else if let rest = text.dropping(prefix: "mirror:") {
            let (primary, secondary) = try Self.pair(rest, whole: text, expected: "mirror:A,B")
            try Self.requireDistinct(primary, secondary)
            self = .mirror(primary: primary, secondary: secondary)
        } else if let rest = text.dropping(prefix: "fallback:") {
            let (online, local) = try Self.pair(rest, whole: text, expected: "fallback:ONLINE,LOCAL")
            guard local.isOnDisk else { throw .localNotOnDisk(local.description) }
            try Self.requireDistinct(online, local)
            self = .fallback(online: online, local: local)
        } else {
            throw .unknown(Self.redacting(text))
        }
    }

    /// The location as it was written, with a PostgreSQL password replaced by `***`.
    var description: String {
        switch self {
        case .json(let folder): "json:\(folder)"
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let url): Self.redacting(url)
        case .http(let url): url.absoluteString
        case .mirror(let primary, let secondary): "mirror:\(primary),\(secondary)"
        case .fallback(let online, let local): "fallback:\(online),\(local)"
        }
    }

    /// True for a store in a file or folder of this machine.
    var isOnDisk: Bool {
        switch self {
        case .json, .sqlite: true
        default: false
        }
    }

    /// True for a mirror or a fallback.
    var isCombined: Bool {
        switch self {
        case .mirror, .fallback: true
        default: false
        }
    }

    /// Splits `A,B` into two plain locations: at the first comma where both sides parse, so that a
    /// comma inside a path or URL is taken for one only when no other split works.
    private static func pair(_ text: String, whole: String, expected: String) throws(StoreLocationError) -> (
        StoreLocation, StoreLocation
    ) {
        var firstError: StoreLocationError?
        for comma in text.indices where text[comma] == "," {
            let sides: (StoreLocation, StoreLocation)
            do throws(StoreLocationError) {
                sides = (
                    try StoreLocation(parsing: String(text[..<comma])),
                    try StoreLocation(parsing: String(text[text.index(after: comma)...]))
                )
            } catch {
                firstError = firstError ?? error
                continue
            }
            // Two stores that parse, one of them combined: nesting, whatever a later comma gives.
            guard !sides.0.isCombined, !sides.1.isCombined else { throw .nested(redacting(whole)) }
            return sides
        }
        throw firstError ?? .incomplete(redacting(whole), expected: expected)
    }

    /// `text` with the password of a URL in it, if any, replaced by `***`.
    static func redacting(_ text: String) -> String {
        guard let scheme = text.range(of: "://"),
            let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    fileprivate func dropping(prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }

    /// Whether the string starts with `prefix`, ignoring case: a URL's scheme may be written `HTTP://`.
    fileprivate func hasPrefix(caseInsensitive prefix: String) -> Bool {
        lowercased().hasPrefix(prefix)
    }
}
