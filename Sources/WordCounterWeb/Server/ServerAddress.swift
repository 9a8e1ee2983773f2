/// Where the server listens, and whether only this machine can reach it.
public struct ServerAddress: Sendable, Equatable, CustomStringConvertible {
    /// A host name or IP address.
    public let host: String
    /// The TCP port; 0 lets the system pick a free one.
    public let port: Int

    /// Creates an address.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Whether only this machine can connect: `localhost`, `::1` or an address in 127.0.0.0/8.
    public var isLoopback: Bool { Self.isLoopback(host) }

    public var description: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }

    /// Whether `host` names this machine's loopback interface.
    static func isLoopback(_ host: String) -> Bool {
        let name = host.lowercased()
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name == "[::1]" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets[0] == "127" else { return false }
        return octets.allSatisfy { octet in octet.count <= 3 && UInt8(octet) != nil }
    }

    /// The host part of a `Host` header: `localhost:8080` → `localhost`, `[::1]:80` → `::1`.
    static func hostName(ofAuthority authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end])
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "")
    }
}
