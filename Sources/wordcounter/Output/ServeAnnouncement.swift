import WordCounterWeb

/// What `wordcounter serve` prints once it listens: where to point a browser, and how it is set up.
struct ServeAnnouncement {
    let address: ServerAddress
    let token: AccessToken?
    let tokenWasGenerated: Bool
    let roots: TrackableRoots
    let watching: Bool

    /// This machine's other addresses, for a server that listens on every interface.
    var otherAddresses: [String] = []

    /// The lines, the first one always `Word Counter dashboard: URL`, an address a browser can open.
    ///
    /// Listening on every interface (`0.0.0.0`, `::`), which no browser can open, the first line
    /// names loopback (`127.0.0.1`, or `[::1]` for `::`) and the next one the other interfaces'
    /// addresses, where other machines reach the dashboard.
    func lines(port: Int) -> [String] {
        let query = token.map { "?token=\($0.value)" } ?? ""
        func url(_ host: String) -> String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/\(query)" }
        let wildcard = InterfaceAddresses.isWildcard(address.host)
        let loopback = address.host.contains(":") ? "::1" : "127.0.0.1"
        var lines = ["Word Counter dashboard: \(url(wildcard ? loopback : address.host))"]
        if wildcard {
            lines.append(
                otherAddresses.isEmpty
                    ? "No other network interface is up: only this machine can open it."
                    : "From other machines: \(otherAddresses.map(url).joined(separator: "  "))")
        }
        if let token {
            lines.append(
                "Every request needs the token\(tokenWasGenerated ? " (generated)" : ""): \(token.value)")
        }
        lines.append(
            roots.paths.isEmpty
                ? "POST /api/track is refused: no folder is tracked yet and no --root was given."
                : "POST /api/track may track in: \(roots.paths.map(\.escapedForTerminal).joined(separator: ", "))")
        lines.append(
            watching
                ? "Watching the tracked files for changes."
                : "Not watching: counts change when you run `wordcounter update`.")
        lines.append("Press Ctrl-C to stop.")
        return lines
    }
}
