import WordCounterWeb

/// What `wordcounter serve` prints once it listens: where to point a browser, and how it is set up.
struct ServeAnnouncement {
    let address: ServerAddress
    let token: AccessToken?
    let tokenWasGenerated: Bool
    let roots: TrackableRoots
    let watching: Bool

    /// The lines, the first one always `Word Counter dashboard: URL`.
    func lines(port: Int) -> [String] {
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        let query = token.map { "?token=\($0.value)" } ?? ""
        var lines = ["Word Counter dashboard: http://\(host):\(port)/\(query)"]
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
